import { ContactMessage } from './ContactMessage';
import { IssueReport } from './IssueReport';
import { Listing } from './Listing';
import { Order, OrderItem } from './Order';
import { Session } from './Session';
import { TradeOffer } from './TradeOffer';
import { User } from './User';

/** Every entity the DataSource knows; listed explicitly so no glob decides what is loaded. */
export const entities = [Session, User, ContactMessage, IssueReport, TradeOffer, Listing, Order, OrderItem];

export { ContactMessage, IssueReport, Listing, Order, OrderItem, Session, TradeOffer, User };
