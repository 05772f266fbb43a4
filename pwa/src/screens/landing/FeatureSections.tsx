/**
 * The landing page's explanatory sections: Why Choose, the 3-step How It Works (Connect
 * Steam, Set Price & Sell, Get Paid Instantly) and Enterprise-Grade Security.
 */
import { Badge, Box, Circle, Grid, HStack, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  BadgePercentIcon,
  ClockIcon,
  EyeIcon,
  FingerprintPatternIcon,
  Gamepad2Icon,
  HeadsetIcon,
  KeyRoundIcon,
  LockIcon,
  ServerCogIcon,
  ShieldCheckIcon,
  TagIcon,
  WalletIcon,
  ZapIcon,
} from 'lucide-react';
import { PRODUCT_NAME } from '../../../../shared/constants';
import { CLAIMS, HOLD_DAYS } from './content';
import { Section, cardStyle } from './Section';

const REASONS = [
  {
    icon: ZapIcon,
    title: 'Fast payouts',
    text: `Cash out instantly in Bitcoin, Ethereum or Litecoin, or by bank wire and SEPA. Your first payout arrives in ${CLAIMS.firstPayout}.`,
  },
  {
    icon: BadgePercentIcon,
    title: `Only ${CLAIMS.fee} fee`,
    text: `A flat ${CLAIMS.fee} service fee on sales, shown before you list. You keep the rest of every sale.`,
  },
  {
    icon: ShieldCheckIcon,
    title: 'Escrow on every trade',
    text: `Buyers pay up front. The item is held through Steam's ${HOLD_DAYS}-day trade protection, so neither side can be scammed.`,
  },
  {
    icon: TagIcon,
    title: 'Your price, your call',
    text: 'Set your own price for every item. No lowball bots, no haggling in private messages.',
  },
  {
    icon: EyeIcon,
    title: 'Real item details',
    text: 'Float, pattern and condition come straight from Steam, so buyers see exactly what they get.',
  },
  {
    icon: HeadsetIcon,
    title: 'Support that answers',
    text: `Real people reply within ${CLAIMS.supportResponse}, with payment questions answered even faster.`,
  },
] as const;

export function WhyChooseSection() {
  return (
    <Section
      eyebrow="Why traders switch"
      title={`Why Choose ${PRODUCT_NAME}`}
      lead={`A marketplace built for players: ${CLAIMS.curatedItems} curated items, transparent fees and protected trades.`}
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: '4', md: '5' }}>
        {REASONS.map((reason) => (
          // Icon beside the text on phones (six stacked cards stay short), above it from sm up.
          <Box
            key={reason.title}
            {...cardStyle}
            p={{ base: '5', md: '6' }}
            display={{ base: 'flex', sm: 'block' }}
            gap="4"
            transition="border-color 150ms"
            _hover={{ borderColor: 'border.emphasized' }}
          >
            <Circle size="11" flexShrink={0} bg="brand.subtle" color="brand.fg" borderWidth="1px" borderColor="brand.muted" mb={{ base: '0', sm: '4' }}>
              <Icon as={reason.icon} boxSize="5" aria-hidden="true" />
            </Circle>
            <Box>
              <Heading as="h3" size="md" mb="2">
                {reason.title}
              </Heading>
              <Text color="fg.muted" fontSize="sm" lineHeight="tall">
                {reason.text}
              </Text>
            </Box>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}

const STEPS = [
  {
    icon: Gamepad2Icon,
    title: 'Connect Steam',
    text: 'Sign in with your Steam account through Steam itself. We never see your password.',
  },
  {
    icon: TagIcon,
    title: 'Set Price & Sell',
    text: 'Pick skins from your inventory, set your price and accept our bot’s trade offer. Your items go on sale at once.',
  },
  {
    icon: WalletIcon,
    title: 'Get Paid Instantly',
    text: `When the ${HOLD_DAYS}-day trade protection ends, the sale lands in your balance. Withdraw to crypto or your bank.`,
  },
] as const;

export function HowItWorksSection() {
  return (
    <Section eyebrow="Three steps" title="How It Works" lead="From your inventory to your wallet without leaving your chair.">
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap={{ base: '4', md: '5' }} as="ol" listStyleType="none">
        {STEPS.map((step, index) => (
          <Box as="li" key={step.title} {...cardStyle} p="6" position="relative" overflow="hidden">
            <Text
              position="absolute"
              top="-3"
              insetEnd="3"
              fontSize="8xl"
              fontWeight="black"
              color="fg"
              opacity="0.04"
              lineHeight="1"
              aria-hidden="true"
            >
              {index + 1}
            </Text>
            <HStack gap="3" mb="4">
              <Circle size="10" bg="brand.solid" color="brand.contrast" fontWeight="bold">
                {index + 1}
              </Circle>
              <Icon as={step.icon} boxSize="6" color="fg.muted" aria-hidden="true" />
            </HStack>
            <Heading as="h3" size="md" mb="2">
              {step.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm" lineHeight="tall">
              {step.text}
            </Text>
          </Box>
        ))}
      </Grid>
    </Section>
  );
}

const SAFEGUARDS = [
  { icon: Gamepad2Icon, title: 'Official Steam sign-in', text: 'OpenID through Steam with every assertion verified. No passwords stored, ever.' },
  { icon: LockIcon, title: 'Encrypted payout details', text: 'Bank and wallet details are encrypted with AES-256 and only ever shown masked.' },
  { icon: KeyRoundIcon, title: 'Automated escrow', text: 'Money and items move in single, all-or-nothing transactions recorded in a double-entry ledger.' },
  { icon: FingerprintPatternIcon, title: 'Reversal protection', text: 'Trades reversed during Steam’s protection window are detected and buyers refunded automatically.' },
  { icon: ServerCogIcon, title: 'Hardened platform', text: 'Strict security headers, cross-site request protection and rate limits on every sensitive action.' },
  { icon: ClockIcon, title: 'Audit trail', text: 'Every state change is logged, so every payout and refund can be traced.' },
] as const;

export function SecuritySection() {
  return (
    <Section eyebrow="Security" title="Enterprise-Grade Security" lead="Your account, your items and your money are protected at every step.">
      <Box {...cardStyle} p={{ base: '5', md: '8' }} css={{ background: 'linear-gradient(135deg, rgba(34, 197, 94, 0.06), transparent 45%), var(--chakra-colors-bg-panel)' }}>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '5', md: '7' }}>
          {SAFEGUARDS.map((item) => (
            <HStack key={item.title} align="start" gap="4">
              <Circle size="10" flexShrink={0} bg="green.900/40" color="green.300" borderWidth="1px" borderColor="green.800">
                <Icon as={item.icon} boxSize="5" aria-hidden="true" />
              </Circle>
              <Stack gap="1">
                <Heading as="h3" size="sm">
                  {item.title}
                </Heading>
                <Text color="fg.muted" fontSize="sm" lineHeight="tall">
                  {item.text}
                </Text>
              </Stack>
            </HStack>
          ))}
        </SimpleGrid>
        <HStack mt="8" gap="2" justify="center" wrap="wrap">
          {['Steam OpenID 2.0', 'AES-256-GCM', 'Double-entry ledger', 'HSTS & CSP'].map((label) => (
            <Badge key={label} variant="outline" colorPalette="green" size="md">
              {label}
            </Badge>
          ))}
        </HStack>
      </Box>
    </Section>
  );
}
