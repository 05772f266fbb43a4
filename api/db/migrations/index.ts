import { Foundation1795264580724 } from './1795264580724-Foundation';
import { SupportSubmissions1795264913999 } from './1795264913999-SupportSubmissions';
import { UsersAndSteam1795265217555 } from './1795265217555-UsersAndSteam';
import { Wallet1795266488568 } from './1795266488568-Wallet';
import { Market1795300000000 } from './1795300000000-Market';
import { LedgerHotRows1795300100000 } from './1795300100000-LedgerHotRows';
import { WebPush1795300400000 } from './1795300400000-WebPush';
import { SimTrading1795300200000 } from './1795300200000-SimTrading';
import { Catalogue1795300300000 } from './1795300300000-Catalogue';
import { MarketSweep1795300450000 } from './1795300450000-MarketSweep';
import { ItemLost1795300500000 } from './1795300500000-ItemLost';
import { Chargebacks1795400000000 } from './1795400000000-Chargebacks';
import { DeliveryStanding1795400100000 } from './1795400100000-DeliveryStanding';
import { Observability1795400200000 } from './1795400200000-Observability';
import { ProcessRoles1795400300000 } from './1795400300000-ProcessRoles';
import { DisputesWon1795400400000 } from './1795400400000-DisputesWon';
import { StaffConsole1795400500000 } from './1795400500000-StaffConsole';
import { CatalogueNames1795400600000 } from './1795400600000-CatalogueNames';
import { OnePriceIndex1795400700000 } from './1795400700000-OnePriceIndex';
import { SimInventoryOrder1795400800000 } from './1795400800000-SimInventoryOrder';
import { DepositIndex1795400900000 } from './1795400900000-DepositIndex';
import { Sales1795401000000 } from './1795401000000-Sales';
import { FloatFilters1795401100000 } from './1795401100000-FloatFilters';
import { BuyOrders1795401200000 } from './1795401200000-BuyOrders';
import { Watchlist1795401300000 } from './1795401300000-Watchlist';

/** Migrations in the order they apply; new ones are appended (reviewed SQL, one reason each). */
export const migrations = [Foundation1795264580724, SupportSubmissions1795264913999, UsersAndSteam1795265217555, Wallet1795266488568, Market1795300000000, LedgerHotRows1795300100000, SimTrading1795300200000, Catalogue1795300300000, WebPush1795300400000, MarketSweep1795300450000, ItemLost1795300500000, Chargebacks1795400000000, DeliveryStanding1795400100000, Observability1795400200000, ProcessRoles1795400300000, DisputesWon1795400400000, StaffConsole1795400500000, CatalogueNames1795400600000, OnePriceIndex1795400700000, SimInventoryOrder1795400800000, DepositIndex1795400900000, Sales1795401000000, FloatFilters1795401100000, BuyOrders1795401200000, Watchlist1795401300000];
