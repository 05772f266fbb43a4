/** What the market's commands may ask of the job system while it runs (absent when it does not: tests, ops scripts). */
export interface MarketJobs {
  /** A durable job that ends this listing's hold at `at` (one per listing; scheduling twice is a no-op). */
  scheduleHoldEnd(listingId: string, at: Date): Promise<void>;
}
