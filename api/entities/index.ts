import { BuyOrder } from './BuyOrder';
import { ContactMessage } from './ContactMessage';
import { Deposit } from './Deposit';
import { IssueReport } from './IssueReport';
import { Listing } from './Listing';
import { Order, OrderItem } from './Order';
import { PushSubscription } from './PushSubscription';
import { PaymentMethod } from './PaymentMethod';
import { Sale } from './Sale';
import { Session } from './Session';
import { TradeOffer } from './TradeOffer';
import { User } from './User';
import { Watch } from './Watch';
import { Withdrawal } from './Withdrawal';

/** Every entity the DataSource knows; listed explicitly so no glob decides what is loaded. */
export const entities = [Session, User, ContactMessage, IssueReport, TradeOffer, Listing, Order, OrderItem, Deposit, Withdrawal, PaymentMethod, PushSubscription, Sale, BuyOrder, Watch];

export { BuyOrder, ContactMessage, Deposit, IssueReport, Listing, Order, OrderItem, PushSubscription, Sale, Session, TradeOffer, User, Watch, Withdrawal, PaymentMethod };
