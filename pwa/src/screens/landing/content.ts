/**
 * The landing page's static marketing copy: claims, not server data (the live figures are
 * StatsRow's). The testimonials and reviews are written for this product; the people are invented.
 */
import { PLATFORM_FEE_PERCENT, SUPPORT, TRADE_HOLD_DAYS } from '../../../../shared/constants';

export const CLAIMS = {
  players: '25,000+',
  successRate: '99.8%',
  rating: '4.9',
  ratingOutOf: '5',
  reviews: '500+',
  curatedItems: '24000+',
  fee: `${PLATFORM_FEE_PERCENT}%`,
  firstPayout: '1-3 business days',
  supportResponse: SUPPORT.generalResponse,
} as const;

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  initials: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'I rotate skins every season. Listing takes a minute, the price is mine to set, and the money was in my balance the day the trade protection ended. No haggling in Discord DMs anymore.',
    name: 'Jonas "Kestrel" Varga',
    role: 'AWPer, Northwind Esports',
    initials: 'JV',
  },
  {
    quote:
      'What sold me is the escrow. The buyer pays up front, the item is held through Steam\'s protection window, and nobody can pull a reversal on you. It is how trading should have worked from the start.',
    name: 'Priya "Ember" Sandoval',
    role: 'In-game leader, Lumen Gaming',
    initials: 'PS',
  },
  {
    quote:
      `Three percent is the lowest fee I have seen that still comes with real support. I cashed out to Bitcoin between two scrims and it arrived before the second map.`,
    name: 'Mateo "Quartz" Lindqvist',
    role: 'Rifler, Team Halcyon',
    initials: 'ML',
  },
];

export interface Review {
  title: string;
  text: string;
  name: string;
  location: string;
  when: string;
}

export const REVIEWS: readonly Review[] = [
  {
    title: 'Sold my knife in two days',
    text: 'Listed a Karambit on Monday, it sold on Wednesday. The trade offer from the bot was clearly labelled and the payout showed up exactly when the site said it would.',
    name: 'Daniel K.',
    location: 'Germany',
    when: '2 weeks ago',
  },
  {
    title: 'Clear fees, no surprises',
    text: 'You see the price, the 3% fee and what you receive before you list anything. Withdrew to SEPA and it landed the next business day.',
    name: 'Sofia R.',
    location: 'Spain',
    when: '1 month ago',
  },
  {
    title: 'Support actually answers',
    text: 'Had a question about my trade URL and got a real answer within a couple of hours. Bought two skins since, both delivered to my inventory without any hassle.',
    name: 'Marcus T.',
    location: 'United States',
    when: '3 weeks ago',
  },
];

export const HOLD_DAYS = TRADE_HOLD_DAYS;
