/**
 * Terms of Service (/terms-of-service): twelve numbered sections. Figures come
 * from shared/constants and shared/money, so the terms state the same fee, hold and limits the
 * server applies.
 */
import { Strong, Text } from '@chakra-ui/react';
import {
  MAX_DEPOSIT_CENTS,
  MIN_DEPOSIT_CENTS,
  MIN_WITHDRAWAL_CENTS,
  MINIMUM_AGE,
  PLATFORM_FEE_PERCENT,
  POLICY_LAST_UPDATED,
  PRODUCT_NAME,
  SUPPORT,
  TRADE_HOLD_DAYS,
} from '../../../shared/constants';
import { formatUsd } from '../../../shared/money';
import {
  BulletList,
  InternalLink,
  LegalPage,
  SectionLink,
  SupportEmailLink,
  type LegalSection,
} from '../components/LegalPage';

const SELLER_SHARE_PERCENT = 100 - PLATFORM_FEE_PERCENT;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    content: (
      <>
        <Text>
          These Terms of Service are an agreement between you and {PRODUCT_NAME} ("we", "us") about your use of our
          website and marketplace for Counter-Strike 2 items (the "Service"). By signing in or using the Service, you
          accept these terms, our <InternalLink to="/privacy-policy">Privacy Policy</InternalLink> and our{' '}
          <InternalLink to="/refund-policy">Refund Policy</InternalLink>. If you do not agree, please do not use the
          Service.
        </Text>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    content: (
      <>
        <Text>To use the Service, you must:</Text>
        <BulletList
          items={[
            <>
              be at least {MINIMUM_AGE} years old. If you are under the age of majority where you live, a parent or
              guardian must agree to these terms on your behalf, supervise your use and is responsible for any payment you
              make;
            </>,
            <>have a Steam account in good standing that Valve allows to trade;</>,
            <>act for yourself, not on behalf of another person or business, and use only one {PRODUCT_NAME} account;</>,
            <>not be barred from receiving payments or trading under the sanctions or laws that apply to you.</>,
          ]}
        />
        <Text>Trading items for money may be restricted where you live. You are responsible for following local law.</Text>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and Steam Sign-In',
    content: (
      <>
        <Text>
          You sign in with your Steam account through Steam's official OpenID service. We never receive your Steam
          password; Steam confirms your identity to us and we read the public profile and inventory that Steam makes
          available.
        </Text>
        <Text>
          You are responsible for the security of your Steam account and for everything done through your{' '}
          {PRODUCT_NAME} account. Keep your profile details accurate, and save only a trade URL that belongs to your own
          Steam account. Tell us straight away at <SupportEmailLink /> if you believe your account has been used without
          your permission. We are not liable for losses caused by a compromised Steam account, a shared API key or a trade
          offer you accepted in Steam.
        </Text>
      </>
    ),
  },
  {
    id: 'marketplace',
    title: 'The Marketplace and Trades',
    content: (
      <>
        <Text>
          {PRODUCT_NAME} provides a venue where users list and buy items. Sellers set their own prices; we do not set,
          recommend or guarantee the value of any item.
        </Text>
        <BulletList
          items={[
            <>
              <Strong color="fg">Listing.</Strong>{' '}
              When you list items, our trade bot sends you a Steam trade offer for them. An item is listed only once you
              accept that offer. You confirm that every item you list is yours and was obtained lawfully.
            </>,
            <>
              <Strong color="fg">Trade protection hold.</Strong>{' '}
              Every accepted trade starts a {TRADE_HOLD_DAYS}-day trade protection hold, during which Steam allows the
              trade to be reversed. The item can be bought during the hold, but the seller is paid and the buyer receives
              the item only after it has ended.
            </>,
            <>
              <Strong color="fg">Buying.</Strong>{' '}
              A purchase is paid from your balance and succeeds for all items in your cart or for none of them. The
              purchase price is held until the item is delivered to your trade URL. If delivery turns out to be impossible,
              the price is refunded to your balance.
            </>,
            <>
              <Strong color="fg">Cancelling and reversals.</Strong>{' '}
              A seller may cancel a listing until it sells, and the item is returned. If a seller reverses the trade in
              Steam during the hold, the listing is cancelled, no payout is made, and a buyer who has paid is refunded in
              full.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Fees',
    content: (
      <>
        <Text>
          Listing and cancelling are free. When an item sells, we charge a platform fee of {PLATFORM_FEE_PERCENT}% of the
          sale price, deducted from the seller's proceeds, so the seller receives {SELLER_SHARE_PERCENT}% of the price.
          The fee is calculated in cents and rounded half-up to the nearest cent. Buyers pay the listed price.
        </Text>
        <Text>
          We may change our fees. A change is announced on the Service before it takes effect and applies only to sales
          made after that date.
        </Text>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments, Deposits and Withdrawals',
    content: (
      <>
        <Text>
          Your balance is held in US dollars and can be used for purchases on the Service. It is not a bank account and
          earns no interest.
        </Text>
        <BulletList
          items={[
            <>
              Deposits can be made by PayPal ({formatUsd(BigInt(MIN_DEPOSIT_CENTS))} to{' '}
              {formatUsd(BigInt(MAX_DEPOSIT_CENTS))} per payment), US bank wire, IBAN/SEPA transfer or cryptocurrency.
              Bank and cryptocurrency deposits are credited once we have received them and matched them to your personal
              reference code.
            </>,
            <>
              Withdrawals start at {formatUsd(BigInt(MIN_WITHDRAWAL_CENTS))} and cannot exceed your available balance. A
              request moves from requested to processing to paid; if it is rejected, the full amount returns to your
              balance.
            </>,
            <>
              We may ask you to verify your identity or the source of funds before crediting a deposit or paying out a
              withdrawal, and may refuse transactions we reasonably believe to be fraudulent or unlawful.
            </>,
            <>
              You are responsible for the payout details you give us. Payments sent to details you entered incorrectly,
              in particular cryptocurrency addresses, may not be recoverable.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'prohibited-conduct',
    title: 'Prohibited Conduct',
    content: (
      <>
        <Text>You agree not to:</Text>
        <BulletList
          items={[
            'list stolen items, or use accounts, items or payment methods that are not yours;',
            'use the Service for fraud, money laundering, or to evade sanctions or taxes;',
            'manipulate prices, for example by buying your own listings through other accounts;',
            'reverse trades or payments in order to keep both the item and the money;',
            'create several accounts, or share or sell your account;',
            'impersonate us, or run phishing or scam schemes against other users;',
            'scrape, overload, probe or interfere with the Service, or bypass its security or rate limits.',
          ]}
        />
        <Text>
          We may cancel listings and orders, hold funds while we investigate, and report unlawful activity to the
          authorities.
        </Text>
      </>
    ),
  },
  {
    id: 'chargebacks',
    title: 'Chargebacks and Payment Disputes',
    content: (
      <>
        <Text>
          If something goes wrong with a payment, contact our support team first at <SupportEmailLink />. Most problems
          are solved quickly, and our <InternalLink to="/refund-policy">Refund Policy</InternalLink> explains when money
          is returned.
        </Text>
        <Text>
          Filing a chargeback or payment dispute with your bank or payment provider without contacting support first may
          lead to the suspension of your account and the forfeiture of all items on it. Where a chargeback is found to be
          unjustified, we may recover the amount and any dispute costs from your balance.
        </Text>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    content: (
      <>
        <Text>
          The {PRODUCT_NAME} name, logo, website design and software belong to us, and you may not copy or reuse them
          without our written permission.
        </Text>
        <Text>
          Counter-Strike 2, Steam and all in-game item names and images are trademarks or property of Valve Corporation.{' '}
          {PRODUCT_NAME} is not affiliated with, endorsed or sponsored by Valve Corporation.
        </Text>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and Limitation of Liability',
    content: (
      <>
        <Text>
          The Service is provided "as is" and "as available". It depends on Steam and on payment providers that we do not
          control, and it may at times be unavailable. Item prices can change quickly; nothing on the Service is financial
          or investment advice.
        </Text>
        <Text>
          To the extent the law allows, we are not liable for indirect or consequential losses, lost profits, or changes
          in item value, and our total liability for any claim is limited to the fees you paid us in the twelve months
          before the claim arose. Nothing in these terms limits liability that cannot be limited by law, or your statutory
          rights as a consumer.
        </Text>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    content: (
      <>
        <Text>
          You may stop using the Service at any time. Before you close your account, cancel your open listings and
          withdraw your balance, or ask support to help you do so.
        </Text>
        <Text>
          We may suspend or close an account that breaks these terms or the law, or that puts other users at risk. When
          an account is closed, open listings are cancelled and remaining funds are paid out after any outstanding
          obligations are settled, except where they are forfeited under{' '}
          <SectionLink id="chargebacks">Chargebacks and Payment Disputes</SectionLink> or must be withheld by law.
        </Text>
      </>
    ),
  },
  {
    id: 'changes-contact',
    title: 'Changes and Contact',
    content: (
      <>
        <Text>
          We may update these terms. The date at the top of this page shows when they last changed; for material changes
          we will also notify you on the Service before they take effect. Continuing to use the Service after a change
          means you accept the updated terms.
        </Text>
        <Text>
          Questions about these terms? Write to <SupportEmailLink subject="Terms of Service" /> and we will respond within{' '}
          {SUPPORT.termsResponse}.
        </Text>
      </>
    ),
  },
];

export default function TermsOfServiceScreen() {
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated={POLICY_LAST_UPDATED}
      description={`The rules for buying, selling and getting paid on ${PRODUCT_NAME}. Please read them carefully: by using ${PRODUCT_NAME} you agree to them.`}
      numbered
      sections={SECTIONS}
    />
  );
}
