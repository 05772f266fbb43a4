/**
 * Refund Policy (/refund-policy): the 'Important Information' box, three eligibility cards, the
 * four-step process, conditions, processing times, refund methods, special circumstances and the
 * contact box asking for 'REFUND REQUEST' in the subject. Time limits
 * come from REFUNDS in shared/constants.
 */
import { type ReactNode } from 'react';
import { Badge, Box, Card, Circle, Flex, Icon, Stack, Strong, Text } from '@chakra-ui/react';
import { CircleCheckIcon, CircleMinusIcon, CircleXIcon, InfoIcon } from 'lucide-react';
import { POLICY_LAST_UPDATED, PRODUCT_NAME, REFUNDS, SUPPORT, TRADE_HOLD_DAYS } from '../../../shared/constants';
import {
  BulletList,
  Callout,
  InternalLink,
  LegalPage,
  SectionLink,
  SupportEmailLink,
  type LegalSection,
} from '../components/LegalPage';

interface EligibilityCard {
  title: string;
  timeframe: string;
  palette: string;
  icon: ReactNode;
  items: readonly string[];
}

const ELIGIBILITY: readonly EligibilityCard[] = [
  {
    title: 'Full Refund',
    timeframe: `Request within ${REFUNDS.fullWithinHours} hours`,
    palette: 'green',
    icon: <CircleCheckIcon />,
    items: [
      'A system error charged you or processed a transaction incorrectly',
      'You were charged twice for the same transaction (duplicate charges)',
      'An unauthorized transaction on your account, with proof that you did not make it',
      'The service was unavailable for more than 24 hours',
      'A technical issue on our side prevented delivery of your item',
    ],
  },
  {
    title: 'Partial Refund',
    timeframe: `Request within ${REFUNDS.partialWithinDays} days`,
    palette: 'yellow',
    icon: <CircleMinusIcon />,
    items: [
      'Delivery was delayed beyond 48 hours after the trade protection hold ended',
      'The item differs from its description on the listing',
      'Service disruptions affected your transaction',
      'Processing was delayed because of verification checks',
    ],
  },
  {
    title: 'Not Eligible',
    timeframe: 'No refund',
    palette: 'red',
    icon: <CircleXIcon />,
    items: [
      'You changed your mind after the purchase',
      "The item's market price changed after you bought or sold it",
      'You selected the wrong item, condition or price',
      `Completed transactions older than ${REFUNDS.requestWithinDays} days`,
      'Items already delivered to your game inventory',
    ],
  },
];

const PROCESS_STEPS = [
  {
    title: 'Submit your request',
    text: (
      <>
        E-mail our support team with your transaction details and the reason for your request (see{' '}
        <SectionLink id="contact">Contact Us</SectionLink>).
      </>
    ),
  },
  {
    title: 'Review and verification',
    text: 'We check the transaction in our records, and with Steam or the payment provider where needed.',
  },
  {
    title: 'Decision',
    text: `You receive our decision by e-mail within ${REFUNDS.reviewBusinessDays} business days.`,
  },
  {
    title: 'Refund processed',
    text: `Approved refunds are processed within ${REFUNDS.processingBusinessDays} business days.`,
  },
] as const;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'eligibility',
    title: 'Refund Eligibility',
    content: (
      <>
        <Text>
          What you can get back depends on what went wrong and how quickly you tell us. Time limits count from the date
          of the transaction.
        </Text>
        <Stack gap={4}>
          {ELIGIBILITY.map((card) => (
            <Card.Root key={card.title} variant="outline" colorPalette={card.palette} borderTopWidth="3px" borderTopColor="colorPalette.solid">
              <Card.Header pb={0}>
                <Flex align="center" gap={3} wrap="wrap">
                  <Icon size="lg" color="colorPalette.fg">
                    {card.icon}
                  </Icon>
                  <Card.Title as="h3">{card.title}</Card.Title>
                  <Badge variant="subtle" size="md">
                    {card.timeframe}
                  </Badge>
                </Flex>
              </Card.Header>
              <Card.Body color="fg.muted">
                <BulletList items={card.items} />
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      </>
    ),
  },
  {
    id: 'process',
    title: 'Refund Process',
    content: (
      <Box as="ol" listStyleType="none">
        {PROCESS_STEPS.map((step, index) => (
          <Flex as="li" key={step.title} gap={4} pb={index < PROCESS_STEPS.length - 1 ? 6 : 0} position="relative">
            <Circle size="9" bg="colorPalette.solid" color="colorPalette.contrast" fontWeight="bold" flexShrink={0}>
              {index + 1}
            </Circle>
            <Box pt={1}>
              <Text fontWeight="semibold" color="fg">
                {step.title}
              </Text>
              <Text>{step.text}</Text>
            </Box>
          </Flex>
        ))}
      </Box>
    ),
  },
  {
    id: 'conditions',
    title: 'Conditions and Requirements',
    content: (
      <>
        <Text>For us to consider a refund, your request needs:</Text>
        <BulletList
          items={[
            'the original receipt or transaction ID;',
            'a valid reason, with supporting evidence such as screenshots, trade offer IDs or bank statements;',
            'to be made within the timeframe for that type of refund;',
            'to come from an account in good standing.',
          ]}
        />
        <Text>
          All refund requests must be made within {REFUNDS.requestWithinDays} days of the transaction, whatever the
          reason.
        </Text>
      </>
    ),
  },
  {
    id: 'processing-times',
    title: 'Processing Times',
    content: (
      <>
        <BulletList
          items={[
            <>
              <Strong color="fg">Review and decision:</Strong> within {REFUNDS.reviewBusinessDays} business days of
              receiving a complete request.
            </>,
            <>
              <Strong color="fg">Payment of approved refunds:</Strong> within {REFUNDS.processingBusinessDays} business
              days of approval. Your bank or payment provider may take a little longer to show the money.
            </>,
            <>
              <Strong color="fg">Automatic refunds:</Strong> when an item you bought cannot be delivered, or its trade is
              reversed during the hold, the price goes straight back to your balance without a request.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'refund-methods',
    title: 'Refund Methods',
    content: (
      <BulletList
        items={[
          <>
            <Strong color="fg">Original payment method,</Strong> whenever possible: a PayPal payment is refunded to the
            same PayPal account, a bank transfer to the account it came from.
          </>,
          <>
            <Strong color="fg">Store credit</Strong> to your {PRODUCT_NAME} balance, for example when the original method
            cannot receive refunds, as with cryptocurrency.
          </>,
          <>
            <Strong color="fg">An alternative method,</Strong> such as a bank account in your name, subject to verification
            that it belongs to you.
          </>,
        ]}
      />
    ),
  },
  {
    id: 'special-circumstances',
    title: 'Special Circumstances',
    highlighted: true,
    content: (
      <>
        <Text>
          <Strong color="fg">Chargebacks.</Strong> Please contact us before opening a chargeback or payment dispute. As our{' '}
          <InternalLink to="/terms-of-service">Terms of Service</InternalLink> explain, a chargeback filed without
          contacting support first may lead to account suspension and the forfeiture of all items on the account.
        </Text>
        <Text>
          <Strong color="fg">Steam trade issues.</Strong> If a seller reverses the trade in Steam during the{' '}
          {TRADE_HOLD_DAYS}-day trade protection hold, the listing is cancelled and the buyer automatically receives a full
          refund. If our bot cannot deliver an item you bought, for example because your trade URL has changed or your
          inventory is private, update your <InternalLink to="/profile">profile</InternalLink> and we will try again; if
          delivery proves impossible, the price is refunded to your balance.
        </Text>
        <Text>
          <Strong color="fg">Market fluctuations.</Strong> Skin prices move all the time. We do not refund the difference
          when an item's price falls after you buy it or rises after you sell it.
        </Text>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    highlighted: true,
    content: (
      <>
        <Text>
          To request a refund, e-mail <SupportEmailLink subject={SUPPORT.refundSubject} /> with{' '}
          <Strong color="fg">{SUPPORT.refundSubject}</Strong> in the subject line. Please include:
        </Text>
        <BulletList
          items={[
            'your transaction ID or receipt;',
            'the date and amount of the transaction;',
            'the reason for your request and any supporting evidence.',
          ]}
        />
        <Text>We answer payment questions within {SUPPORT.paymentResponse}.</Text>
      </>
    ),
  },
];

const importantInformation = (
  <Callout title="Important Information" icon={<InfoIcon />}>
    <Text>
      Refunds cover money you paid to {PRODUCT_NAME}. Because Counter-Strike 2 items move through Steam, an item that has
      been delivered to your Steam inventory cannot be taken back, so its purchase cannot be refunded. All requests must
      be made within {REFUNDS.requestWithinDays} days of the transaction, and please talk to us before filing a
      chargeback.
    </Text>
  </Callout>
);

export default function RefundPolicyScreen() {
  return (
    <LegalPage
      title="Refund Policy"
      lastUpdated={POLICY_LAST_UPDATED}
      description={`When ${PRODUCT_NAME} refunds a payment, how to ask for one, and how long it takes.`}
      sections={SECTIONS}
      intro={importantInformation}
    />
  );
}
