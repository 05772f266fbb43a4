/**
 * GET /api/orders: the buyer's orders, newest first, one keyset page of orders at a time
 * (newestFirst.ts, served by orders_buyer_idx), each with all its items and their listings (name,
 * image, hold end): three indexed queries whatever the page size or depth.
 */
import { type DataSource, type EntityManager, In } from 'typeorm';
import { Listing, Order, OrderItem } from '../entities';
import { newestFirst, type PageRequest } from '../newestFirst';

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

export async function ordersOfBuyer(dataSource: DataSource, buyerId: string, page: PageRequest): Promise<OrdersWithListings & { nextCursor: string | null }> {
  const orders = await newestFirst(dataSource, Order, { column: 'buyer_id', id: buyerId }, page);
  return { ...(await itemsOfOrders(dataSource, orders.items)), nextCursor: orders.nextCursor };
}
