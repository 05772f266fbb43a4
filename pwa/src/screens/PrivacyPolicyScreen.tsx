/**
 * Privacy Policy (/privacy-policy): a summary box, twelve numbered sections and the closing
 * 'Your Data is Protected' box. Retention, age and response times come from
 * shared/constants so the policy matches what the product does.
 */
import { Strong, Text } from '@chakra-ui/react';
import { EyeIcon, ShieldCheckIcon } from 'lucide-react';
import {
  MINIMUM_AGE,
  POLICY_LAST_UPDATED,
  PRODUCT_NAME,
  RECORD_RETENTION_YEARS,
  SUPPORT,
} from '../../../shared/constants';
import {
  BulletList,
  Callout,
  InternalLink,
  LegalPage,
  SectionLink,
  SubHeading,
  SupportEmailLink,
  type LegalSection,
} from '../components/LegalPage';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    content: (
      <>
        <Text>We collect only what we need to run a safe marketplace:</Text>
        <SubHeading>Steam profile</SubHeading>
        <Text>
          When you sign in, Steam confirms your SteamID. Through Steam's official APIs we then read your public profile
          (display name, avatar and profile link) and your public Counter-Strike 2 inventory. We never receive your Steam
          password or Steam Guard codes.
        </Text>
        <SubHeading>Details you give us</SubHeading>
        <Text>
          Your name, e-mail address and Steam trade URL, and the payout details you save, such as a PayPal e-mail address,
          bank account or IBAN, or cryptocurrency wallet address.
        </Text>
        <SubHeading>Transactions</SubHeading>
        <Text>
          Your listings, trade offers, purchases, deliveries, deposits, withdrawals and the balance movements they cause.
        </Text>
        <SubHeading>Communications</SubHeading>
        <Text>Messages you send through our contact and issue-report forms, and our e-mail conversations with you.</Text>
        <SubHeading>Technical data</SubHeading>
        <Text>
          Your IP address, browser and device type, and request logs that help us keep the Service secure and working.
          If you turn on notifications, we store the push subscription your browser gives us.
        </Text>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    content: (
      <>
        <Text>We use your information to:</Text>
        <BulletList
          items={[
            'sign you in and keep your session secure;',
            'show your inventory, list your items and send and receive trade offers through our trade bot;',
            'process purchases, deliveries, deposits, withdrawals and refunds, and keep your balance accurate;',
            'answer your messages and tell you about your trades and payouts;',
            'prevent fraud, scams and abuse, and enforce our Terms of Service;',
            'meet our legal, tax and accounting obligations.',
          ]}
        />
        <Text>We do not use your data for advertising, and we do not make automated decisions about you with legal effect.</Text>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Information',
    content: (
      <>
        <Text>We never sell your personal data. We share it only where needed to provide the Service:</Text>
        <BulletList
          items={[
            <>
              <Strong color="fg">Steam (Valve Corporation)</Strong>, to sign you in and to send trade offers to your trade
              URL;
            </>,
            <>
              <Strong color="fg">Payment providers and banks</Strong>, to process your deposits and withdrawals;
            </>,
            <>
              <Strong color="fg">Service providers</Strong> who host our systems or deliver our e-mails, under contracts
              that allow them to use the data only on our instructions;
            </>,
            <>
              <Strong color="fg">Authorities</Strong>, when the law requires it or to protect our users from fraud.
            </>,
          ]}
        />
        <Text>Other users see only your public Steam display name and avatar, and the items you list.</Text>
      </>
    ),
  },
  {
    id: 'data-security',
    title: 'Data Security',
    content: (
      <>
        <Text>
          All traffic between your browser and us is encrypted with HTTPS. Payout details such as account numbers, IBANs,
          wallet addresses and PayPal e-mail addresses are encrypted before they are stored and are only ever shown to you
          masked. Your session is kept on our servers, and our logs never contain session cookies, bank account numbers
          or IBANs.
        </Text>
        <Text>
          Access to personal data is limited to staff who need it for their work. No system is perfectly secure; if a
          breach affects your data, we will tell you and the relevant authorities as the law requires.
        </Text>
      </>
    ),
  },
  {
    id: 'third-party-services',
    title: 'Third-Party Services',
    content: (
      <>
        <Text>
          Parts of the Service are provided by others, whose own privacy policies apply to what you share with them
          directly:
        </Text>
        <BulletList
          items={[
            'Steam, where you sign in and accept trade offers;',
            'PayPal and our other payment partners, whose checkout pages you use when adding funds;',
            'cryptocurrency networks, where every transaction is public and permanent by design.',
          ]}
        />
        <Text>We do not embed third-party advertising, social media widgets or analytics trackers in our pages.</Text>
      </>
    ),
  },
  {
    id: 'data-retention',
    title: 'Data Retention',
    content: (
      <>
        <Text>
          We keep your account data for as long as your account is open. Transaction records are typically kept for{' '}
          {RECORD_RETENTION_YEARS} years after the transaction, because tax, accounting and anti-money-laundering rules
          require it. Support conversations are kept while they are needed to help you, and technical logs for a short
          period only.
        </Text>
        <Text>When data is no longer needed, we delete it or make it anonymous.</Text>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    content: (
      <>
        <Text>Depending on where you live, you have the right to:</Text>
        <BulletList
          items={[
            <>
              <Strong color="fg">Access</Strong>: get a copy of the personal data we hold about you;
            </>,
            <>
              <Strong color="fg">Correction</Strong>: have inaccurate data corrected, much of which you can edit on your{' '}
              <InternalLink to="/profile">profile</InternalLink>;
            </>,
            <>
              <Strong color="fg">Deletion</Strong>: have your data deleted, except records we must keep by law;
            </>,
            <>
              <Strong color="fg">Portability</Strong>: receive your data in a machine-readable format;
            </>,
            <>
              <Strong color="fg">Objection</Strong>: object to processing based on our legitimate interests;
            </>,
            <>
              <Strong color="fg">Withdrawing consent</Strong>: withdraw consent you have given, such as for notifications,
              at any time.
            </>,
          ]}
        />
        <Text>
          To use any of these rights, contact us as described in <SectionLink id="contact">Contact Us</SectionLink>. We may
          ask you to confirm that the request comes from you. You can also complain to your local data protection
          authority.
        </Text>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    content: (
      <>
        <Text>
          We use a single session cookie to keep you signed in. It is httpOnly, so scripts on the page cannot read it, and
          it is deleted when you log out. We use no advertising or tracking cookies.
        </Text>
        <Text>
          Your browser also keeps your cart on your device and, so the app works offline, a copy of your recent
          inventory, listings and orders. That copy never leaves your device and is cleared when you log out.
        </Text>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International Data Transfers',
    content: (
      <Text>
        We and our service providers may process your data outside the country where you live. When we do, we protect
        it with safeguards the law recognises, such as the European Commission's standard contractual clauses, so that
        it keeps the same level of protection.
      </Text>
    ),
  },
  {
    id: 'children',
    title: "Children's Privacy",
    content: (
      <Text>
        {PRODUCT_NAME} is not intended for children under {MINIMUM_AGE}, and we do not knowingly collect their data. If
        you believe a child under {MINIMUM_AGE} has given us personal data, contact us and we will delete it and close the
        account.
      </Text>
    ),
  },
  {
    id: 'policy-changes',
    title: 'Changes to This Policy',
    content: (
      <Text>
        We may update this policy as the Service or the law changes. The date at the top of this page shows the latest
        version. For material changes, we will notify you on the Service or by e-mail before they take effect.
      </Text>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    content: (
      <>
        <Text>
          For privacy questions and requests, write to <SupportEmailLink subject="Privacy request" />. We answer privacy
          inquiries within {SUPPORT.privacyResponse}.
        </Text>
        <Text>
          For an urgent matter, such as a suspected leak of your personal data, put{' '}
          <Strong color="fg">{SUPPORT.urgentPrivacySubject}</Strong> in the subject line of your e-mail and we will handle
          it first.
        </Text>
      </>
    ),
  },
];

const summary = (
  <Callout title="Privacy at a Glance" icon={<EyeIcon />}>
    <BulletList
      items={[
        "We only collect public Steam information through Steam's official APIs; never your password.",
        'Your data is encrypted and securely stored, and payout details are only ever shown masked.',
        'You can ask us to access, correct or delete your data at any time.',
        'We comply with applicable data protection rules and never sell your personal data.',
      ]}
    />
  </Callout>
);

const closing = (
  <Callout title="Your Data is Protected" icon={<ShieldCheckIcon />} tone="success">
    <Text>
      We handle your information with the same care as your skins and your balance. If you have any question about your
      privacy or this policy, our team is here to help at <SupportEmailLink />.
    </Text>
  </Callout>
);

export default function PrivacyPolicyScreen() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={POLICY_LAST_UPDATED}
      description={`What information ${PRODUCT_NAME} collects when you buy and sell skins, why we need it, and how you stay in control of it.`}
      numbered
      sections={SECTIONS}
      intro={summary}
      outro={closing}
    />
  );
}
