/**
 * The help centre's six articles, answering the questions sellers and buyers actually ask. Every
 * figure comes from shared/constants (and the fee arithmetic from shared/money), so the articles
 * always describe the rules the server enforces.
 */
import { Strong, Text } from '@chakra-ui/react';
import { Code } from '@chakra-ui/react';
import {
  CONDITION_FLOAT_RANGES,
  CONDITIONS,
  CRYPTO_CURRENCIES,
  DELIVERY_FAILURE_LIMIT,
  DELIVERY_FAILURE_WINDOW_DAYS,
  MAX_DEPOSIT_CENTS,
  MAX_SELL_PRICE_CENTS,
  MIN_DEPOSIT_CENTS,
  MIN_SELL_PRICE_CENTS,
  MIN_WITHDRAWAL_CENTS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_TYPES,
  PLATFORM_FEE_PERCENT,
  PROCESSING_TIMES,
  PRODUCT_NAME,
  PURCHASE_RESTRICTION_DAYS,
  TRADE_HOLD_DAYS,
} from '../../../../shared/constants';
import { formatFloatValue } from '../../../../shared/format';
import { feeCents, formatUsd, sellerReceivesCents } from '../../../../shared/money';
import {
  BulletList,
  ExternalLink,
  InternalLink,
  SectionLink,
  SubHeading,
  SupportEmailLink,
  type LegalSection,
} from '../../components/LegalPage';
import { InfoTable } from './InfoTable';

const STEAM_TRADE_URL_PAGE = 'https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url';
const STEAM_API_KEY_PAGE = 'https://steamcommunity.com/dev/apikey';

const SELLER_SHARE_PERCENT = 100 - PLATFORM_FEE_PERCENT;
const FEE_EXAMPLE_CENTS = 10_000n;
/** One sale whose exact fee ends in half a cent (rounds up) and one below half (rounds down). */
const ROUND_UP_EXAMPLE_CENTS = 1_250n;
const ROUND_DOWN_EXAMPLE_CENTS = 1_010n;

const CRYPTO_NAMES = CRYPTO_CURRENCIES.map((currency) => currency[0]?.toUpperCase() + currency.slice(1));
const CRYPTO_LIST = `${CRYPTO_NAMES.slice(0, -1).join(', ')} or ${CRYPTO_NAMES.at(-1)}`;

/** The fee before rounding, in cents with one decimal ("37.5"), to show how rounding works. */
function exactFeeCentsText(priceCents: bigint): string {
  const tenthsOfCents = (priceCents * BigInt(PLATFORM_FEE_PERCENT)) / 10n;
  return `${tenthsOfCents / 10n}.${tenthsOfCents % 10n}`;
}

function roundingExample(priceCents: bigint): string {
  return `on a ${formatUsd(priceCents)} sale, ${PLATFORM_FEE_PERCENT}% is ${exactFeeCentsText(priceCents)} cents, so the fee is ${formatUsd(feeCents(priceCents))} and you receive ${formatUsd(sellerReceivesCents(priceCents))}`;
}

export const ARTICLES: readonly LegalSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    content: (
      <>
        <Text>
          {PRODUCT_NAME} is a marketplace for Counter-Strike 2 skins. Players sell items from their Steam inventory for
          real money, and buyers pay for skins from a US-dollar balance they keep with us. Setting up takes a few
          minutes:
        </Text>
        <BulletList
          ordered
          items={[
            <>
              <Strong color="fg">Sign in with Steam.</Strong> Use the 'Login with Steam' button. You confirm on Steam's
              own site; there is no separate {PRODUCT_NAME} password to create or remember.
            </>,
            <>
              <Strong color="fg">Make your Steam inventory public.</Strong> In Steam, open your profile, choose Edit
              Profile, then Privacy Settings, and set Inventory to Public. We can only list items Steam shows publicly.
            </>,
            <>
              <Strong color="fg">Complete your profile.</Strong> On your <InternalLink to="/profile">profile</InternalLink>,
              add your name, your e-mail address and your <SectionLink id="trade-url">Steam trade URL</SectionLink>.
              We need the trade URL both to collect items you sell and to deliver items you buy.
            </>,
            <>
              <Strong color="fg">Turn on the Steam Guard Mobile Authenticator.</Strong> Steam asks you to confirm trades
              in the Steam Mobile App, and holds trades for up to 15 days on accounts without the authenticator.
            </>,
          ]}
        />
        <Text>
          <Strong color="fg">To sell,</Strong> open the <InternalLink to="/market/sell">Sell tab</InternalLink>, pick
          items and set your prices; <SectionLink id="selling">Selling your skins</SectionLink> walks through every
          step. <Strong color="fg">To buy,</Strong> <InternalLink to="/add-funds">add funds</InternalLink>, browse
          the <InternalLink to="/market">Market</InternalLink>, add skins to your cart and check out. Because a newly
          listed item is under Steam's {TRADE_HOLD_DAYS}-day trade protection, our bot sends it to your trade URL as soon
          as the seller's hold has ended, in a trade offer that asks nothing from you in return.
        </Text>
      </>
    ),
  },
  {
    id: 'selling',
    title: 'Selling Your Skins',
    content: (
      <>
        <Text>
          You set the price, our trade bot collects the item, and you are paid once it has sold and Steam's trade
          protection has ended. Step by step:
        </Text>
        <BulletList
          ordered
          items={[
            <>
              <Strong color="fg">Choose your items.</Strong> Your Steam inventory loads on the{' '}
              <InternalLink to="/market/sell">Sell tab</InternalLink>. Only items Steam marks as tradable and marketable
              can be listed, so an item you received recently may not appear until Steam allows it to be traded.
            </>,
            <>
              <Strong color="fg">Set a price for each item.</Strong> Any amount from {formatUsd(BigInt(MIN_SELL_PRICE_CENTS))}{' '}
              to {formatUsd(BigInt(MAX_SELL_PRICE_CENTS))}. Before you confirm, you see the {PLATFORM_FEE_PERCENT}% fee
              and exactly what you will receive (see <SectionLink id="pricing">Pricing and fees</SectionLink>).
            </>,
            <>
              <Strong color="fg">Put them up for sale.</Strong> Our bot sends you one Steam trade offer asking for
              exactly the items you selected.
            </>,
            <>
              <Strong color="fg">Accept the offer in Steam.</Strong> Check it first: it should ask for your selected
              items and nothing else. Accept it and confirm in the Steam Mobile App. If you decline the offer or let it
              expire, nothing is listed and your items stay where they are.
            </>,
            <>
              <Strong color="fg">The {TRADE_HOLD_DAYS}-day trade protection hold.</Strong> As soon as you accept, each
              item becomes a listing in 'Trade Protection Hold' and appears on the market at your price, so buyers can
              purchase it straight away. For {TRADE_HOLD_DAYS} days after a trade Steam allows it to be reversed, so
              payouts and deliveries wait until the hold ends. <InternalLink to="/listings">My Listings</InternalLink>{' '}
              shows a countdown for every item.
            </>,
            <>
              <Strong color="fg">Get paid.</Strong> When the hold ends on a sold item, its status moves to 'Payment
              Processing' and then 'Completed', and {SELLER_SHARE_PERCENT}% of the sale price is added to your balance.
              An item that has not sold by then stays on the market as 'On Sale' until a buyer takes it.
            </>,
          ]}
        />
        <SubHeading>Cancelling a listing</SubHeading>
        <Text>
          You can cancel any listing that has not sold from <InternalLink to="/listings">My Listings</InternalLink>. Our
          bot returns the item to your Steam inventory with a trade offer; if the hold is still running, the offer is sent
          when it ends, because Steam does not let the item move earlier. Cancelling is free. A listing that has already
          sold cannot be cancelled.
        </Text>
        <Text>
          If you reverse the trade in Steam during the hold, the listing is cancelled and no payout is made; a buyer who
          had already paid for the item gets a full refund automatically.
        </Text>
      </>
    ),
  },
  {
    id: 'trade-url',
    title: 'Your Steam Trade URL',
    content: (
      <>
        <Text>
          A trade URL is a personal link that lets anyone who has it send you a Steam trade offer, without being on your
          friends list. We use yours in two ways: our bot sends the offer for items you sell to it, and delivers the items
          you buy to it. It looks like this:
        </Text>
        <Code colorPalette="gray" display="block" whiteSpace="pre-wrap" wordBreak="break-all" p={3} borderRadius="md" fontSize="sm">
          https://steamcommunity.com/tradeoffer/new/?partner=123456789&amp;token=AbCd1234
        </Code>
        <SubHeading>Where to find it</SubHeading>
        <BulletList
          ordered
          items={[
            <>
              While signed in to Steam in your browser, open Steam's{' '}
              <ExternalLink href={STEAM_TRADE_URL_PAGE}>trade offer privacy page</ExternalLink>. In the Steam app, the
              same page is under Inventory, then Trade Offers, then 'Who can send me Trade Offers?'.
            </>,
            <>Find the section for third-party sites and copy the Trade URL shown there.</>,
            <>
              Paste it into your <InternalLink to="/profile">profile</InternalLink>, or into the box that appears the
              first time you sell, and save.
            </>,
          ]}
        />
        <SubHeading>It must belong to your own account</SubHeading>
        <Text>
          The partner number in the link identifies the Steam account the URL belongs to. We only accept a trade URL of
          the account you signed in with, which protects you: items you buy can never be sent to someone else's account,
          and nobody can move sales through yours.
        </Text>
        <Text>
          Steam's 'Create New URL' button switches off the old link. If you ever use it, for example because you posted
          your link somewhere public, paste the new one into your profile, or our bot will not be able to reach you.
        </Text>
        <SubHeading>Why was my purchase stopped at my trade URL?</SubHeading>
        <Text>
          Before you pay, we ask Steam whether it will deliver items to your trade URL. If the link has been replaced,
          your account cannot trade, or Steam would hold trades to you because the Steam Guard Mobile Authenticator is
          off, the purchase stops and nothing is charged. Fix the cause, save your current trade URL in your{' '}
          <InternalLink to="/profile">profile</InternalLink> and buy again. Once Steam has said yes, we do not ask again
          for a day unless you change the link.
        </Text>
        <SubHeading>What happens if I decline a delivery?</SubHeading>
        <Text>
          You get the full price back and the item goes back on sale. While it waited for you, though, nobody else could
          buy it, for up to the seller's {TRADE_HOLD_DAYS}-day hold. So if {DELIVERY_FAILURE_LIMIT} deliveries to you fail
          within {DELIVERY_FAILURE_WINDOW_DAYS} days because you declined the trade offer, did not accept it before it
          expired, or Steam could not deliver to your trade URL or account, you cannot buy anything for{' '}
          {PURCHASE_RESTRICTION_DAYS} days after the latest of them. A delivery that fails for any other reason, such as
          our bot being unable to send it, a Steam outage or the seller reversing the trade, never counts against you.
          Selling and withdrawing are not affected, and if you try to buy, we tell you when you can again.
        </Text>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments and Withdrawals',
    content: (
      <>
        <Text>
          Your {PRODUCT_NAME} balance is kept in US dollars. Sales are credited to it, purchases are paid from it, and you
          can top it up or cash it out with any of four methods.
        </Text>
        <SubHeading>Adding funds</SubHeading>
        <BulletList
          items={[
            <>
              <Strong color="fg">{PAYMENT_METHOD_LABELS.paypal}:</Strong> choose any amount from{' '}
              {formatUsd(BigInt(MIN_DEPOSIT_CENTS))} to {formatUsd(BigInt(MAX_DEPOSIT_CENTS))} on the secure checkout page
              we send you to. Your balance is credited as soon as the payment is confirmed.
            </>,
            <>
              <Strong color="fg">
                {PAYMENT_METHOD_LABELS.bank_wire_usa} and {PAYMENT_METHOD_LABELS.iban_sepa}:
              </Strong>{' '}
              transfer to the bank details on the <InternalLink to="/add-funds">Add Funds</InternalLink> page and put your
              personal reference code in the payment reference. The code is how we match the money to your account;
              without it, crediting your transfer takes longer.
            </>,
            <>
              <Strong color="fg">{PAYMENT_METHOD_LABELS.crypto}:</Strong> send {CRYPTO_LIST} to the address shown for that
              coin. A blockchain transfer has no reference field, so{' '}
              <InternalLink to="/contact-us">send us</InternalLink> the transaction ID together with your reference code.
            </>,
          ]}
        />
        <SubHeading>Withdrawing</SubHeading>
        <BulletList
          items={[
            <>
              Request a withdrawal on <InternalLink to="/withdraw">Withdraw Funds</InternalLink> to PayPal, a US bank
              account, an IBAN/SEPA account or a {CRYPTO_LIST} wallet. Payout methods you have saved are filled in for you.
            </>,
            <>
              The minimum withdrawal is {formatUsd(BigInt(MIN_WITHDRAWAL_CENTS))}; the maximum is your available balance.
            </>,
            <>The amount is set aside from your available balance the moment you submit the request.</>,
            <>Double-check wallet addresses: a cryptocurrency transfer cannot be reversed once it has been sent.</>,
          ]}
        />
        <SubHeading>Processing times</SubHeading>
        <InfoTable
          caption="Typical processing time per payment method"
          headers={['Method', 'Typical processing time']}
          rows={PAYMENT_METHOD_TYPES.map((type) => [PAYMENT_METHOD_LABELS[type], PROCESSING_TIMES[type]])}
        />
        <Text>
          These are typical times. Your bank or the blockchain network can add its own delay, and a withdrawal takes
          longer if we first need to verify it.
        </Text>
        <SubHeading>Withdrawal statuses</SubHeading>
        <BulletList
          items={[
            <>
              <Strong color="fg">Requested:</Strong> we have your request and the amount is reserved.
            </>,
            <>
              <Strong color="fg">Processing:</Strong> our payments team is sending the money.
            </>,
            <>
              <Strong color="fg">Paid:</Strong> the money has been sent to your payout method.
            </>,
            <>
              <Strong color="fg">Rejected:</Strong> the payout could not be made, for example because the account details
              were wrong, and the full amount is back in your available balance.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'security',
    title: 'Account Security',
    content: (
      <>
        <Text>Most losses in skin trading come from scams rather than hacks. These habits keep your account safe:</Text>
        <BulletList
          items={[
            <>
              <Strong color="fg">Sign-in goes through Steam.</Strong> 'Login with Steam' takes you to Steam's own sign-in
              page (Steam OpenID), and Steam then tells us which account you are. We never see your password or Steam
              Guard codes and will never ask for them. Before typing your password, check that the address bar shows
              https://steamcommunity.com.
            </>,
            <>
              <Strong color="fg">Check every trade offer in Steam.</Strong> When you sell, our bot's offer asks only for
              the items you selected and gives nothing in return. When you buy, it gives you your items and asks for
              nothing. Decline any offer that asks for something else or arrives when you were not expecting one.
            </>,
            <>
              <Strong color="fg">Never share your Steam Web API key.</Strong> Whoever has your key can watch your trade
              offers and replace them with a fake copy at the moment you accept. {PRODUCT_NAME} never needs it. If you
              have ever entered it on another site, revoke it on Steam's{' '}
              <ExternalLink href={STEAM_API_KEY_PAGE}>API key page</ExternalLink>.
            </>,
            <>
              <Strong color="fg">Your payout details are encrypted.</Strong> Account and routing numbers, IBANs, wallet
              addresses and PayPal e-mail addresses are encrypted before they are stored and only ever shown masked, such as
              a bank account as *** and its last four digits. Everything between your browser and us travels over HTTPS.
            </>,
            <>
              <Strong color="fg">Watch out for phishing.</Strong> Scammers copy marketplace sites and spread links through
              Steam chat, Discord and fake giveaways. Our staff never message you first to ask you to sign in, trade or
              'verify' items, and our e-mails only come from <SupportEmailLink />. If something looks wrong, do not click;{' '}
              <InternalLink to="/report-issue">report it</InternalLink> instead.
            </>,
            <>
              <Strong color="fg">Sign out on shared computers,</Strong> so the next person cannot use your balance.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'pricing',
    title: 'Pricing and Fees',
    content: (
      <>
        <Text>
          You choose your own price. To sell quickly, compare the same skin in the same condition on the{' '}
          <InternalLink to="/market">Market</InternalLink> (StatTrak and float matter too) and price close to it.
        </Text>
        <SubHeading>The {PLATFORM_FEE_PERCENT}% platform fee</SubHeading>
        <Text>
          Listing an item is free, and so is cancelling a listing. When an item sells, we keep a {PLATFORM_FEE_PERCENT}%
          fee and you receive {SELLER_SHARE_PERCENT}% of the sale price. Buyers pay exactly the listed price. For example:
        </Text>
        <InfoTable
          caption="Worked example of the platform fee"
          headers={['Example sale', 'Amount']}
          rows={[
            ['Sale price', formatUsd(FEE_EXAMPLE_CENTS)],
            [`Platform fee (${PLATFORM_FEE_PERCENT}%)`, `\u2212${formatUsd(feeCents(FEE_EXAMPLE_CENTS))}`],
            [<Strong key="receive">You receive</Strong>, <Strong key="amount">{formatUsd(sellerReceivesCents(FEE_EXAMPLE_CENTS))}</Strong>],
          ]}
        />
        <Text>
          The fee is worked out in whole cents and rounded half-up to the nearest cent: {roundingExample(ROUND_UP_EXAMPLE_CENTS)};{' '}
          {roundingExample(ROUND_DOWN_EXAMPLE_CENTS)}.
        </Text>
        <SubHeading>Float and wear</SubHeading>
        <Text>
          Every skin has a float value between 0 and 1 that records its wear: the lower the float, the cleaner the skin.
          The float decides the condition shown on each item:
        </Text>
        <InfoTable
          caption="Float range of each condition"
          headers={['Condition', 'Float range']}
          rows={CONDITIONS.map((condition) => {
            const [from, to] = CONDITION_FLOAT_RANGES[condition];
            return [condition, `${formatFloatValue(from, 2)} \u2013 ${formatFloatValue(to, 2)}`];
          })}
        />
        <Text>
          Each range includes its lower bound but not its upper one, so a float of exactly{' '}
          {formatFloatValue(CONDITION_FLOAT_RANGES['Minimal Wear'][0], 2)} is Minimal Wear. Not every skin exists in every
          condition. Within one condition, a lower float often sells for more, especially near the bottom of the range.
        </Text>
      </>
    ),
  },
];
