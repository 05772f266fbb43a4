/**
 * GET /api/orders: the buyer's orders, newest first, each with its items and their listings (name,
 * image, hold end), read through the entities in three indexed queries whatever the page size.
 */
import { type DataSource, type EntityManager, In } from 'typeorm';
import { Listing, Order, OrderItem } from '../entities';

/** The orders screen shows the most recent ones; older purchases stay in the balance history. */
export const MAX_BUYER_ORDERS = 50;

export interface OrderWithItems {
  order: Order;
  items: OrderItem[];
}

export interface OrdersWithListings {
  orders: OrderWithItems[];
  listings: Map<string, Listing>;
}

/** The given orders' items (ordered by id within each order) and the listings they bought. */
export async function itemsOfOrders(db: DataSource | EntityManager, orders: Order[]): Promise<OrdersWithListings> {
  const items = orders.length
    ? await db.getRepository(OrderItem).find({ where: { orderId: In(orders.map((order) => order.id)) }, order: { id: 'ASC' } })
    : [];
  const listings = items.length ? await db.getRepository(Listing).findBy({ id: In(items.map((item) => item.listingId)) }) : [];
  return {
    orders: orders.map((order) => ({ order, items: items.filter((item) => item.orderId === order.id) })),
    listings: new Map(listings.map((listing) => [listing.id, listing])),
  };
}

export async function ordersOfBuyer(dataSource: DataSource, buyerId: string): Promise<OrdersWithListings> {
  const orders = await dataSource.getRepository(Order).find({ where: { buyerId }, order: { createdAt: 'DESC', id: 'DESC' }, take: MAX_BUYER_ORDERS });
  return itemsOfOrders(dataSource, orders);
}
