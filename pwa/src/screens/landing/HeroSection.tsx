/**
 * The landing hero: the headline about selling skins for real money, the primary button for the
 * visitor's state, 'Learn How It Works', the headline claims, and how sellers get paid.
 */
import { Badge, Box, Button, Grid, HStack, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BitcoinIcon, BuildingComplexIcon, DiamondIcon, LandmarkIcon, LetterLIcon, ShieldCheckIcon, StarIcon } from 'lucide-react';
import { CLAIMS, HOLD_DAYS } from './content';
import { PrimaryAction } from './PrimaryAction';
import { cardStyle } from './Section';

// Lucide draws no coins' logos: Bitcoin's sign, Ethereum's diamond and Litecoin's L, in their colours.
const PAYOUTS = [
  { icon: BitcoinIcon, colour: '#f7931a', label: 'Bitcoin', time: 'Instant' },
  { icon: DiamondIcon, colour: '#8c8cf7', label: 'Ethereum', time: 'Instant' },
  { icon: LetterLIcon, colour: '#a6b6d3', label: 'Litecoin', time: 'Instant' },
  { icon: LandmarkIcon, colour: 'var(--chakra-colors-fg-muted)', label: 'Bank Wire (USA)', time: '1-3 days' },
  { icon: BuildingComplexIcon, colour: 'var(--chakra-colors-fg-muted)', label: 'SEPA Transfer', time: '1-3 days' },
] as const;

export function HeroSection() {
  return (
    <Grid
      as="section"
      aria-label="Introduction"
      templateColumns={{ base: '1fr', lg: 'minmax(0, 1.25fr) minmax(0, 1fr)' }}
      gap={{ base: '10', lg: '14' }}
      alignItems="center"
      pt={{ base: '2', md: '6' }}
      pb={{ base: '10', md: '14' }}
    >
      <Stack gap="6" textAlign={{ base: 'center', lg: 'start' }} align={{ base: 'center', lg: 'start' }}>
        <Badge size="lg" variant="surface" colorPalette="brand" borderRadius="full" px="3" gap="2">
          <ShieldCheckIcon aria-hidden="true" />
          Trusted by {CLAIMS.players} players
        </Badge>
        <Heading as="h1" fontSize={{ base: '4xl', md: '5xl', xl: '6xl' }} lineHeight="1.05" letterSpacing="-0.03em" fontWeight="extrabold">
          Sell your CS2 skins for{' '}
          <Box as="span" bgGradient="to-r" gradientFrom="brand.300" gradientTo="brand.500" bgClip="text" color="transparent">
            real money
          </Box>
        </Heading>
        <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
          List skins from your Steam inventory at your own price. Buyers pay up front into escrow, and you cash out to
          crypto or your bank once Steam&apos;s {HOLD_DAYS}-day trade protection ends.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
          <PrimaryAction size="lg" />
          <Button asChild size="lg" variant="outline">
            <RouterLink to="/help-center">Learn How It Works</RouterLink>
          </Button>
        </Stack>
        <HStack gap={{ base: '3', md: '5' }} wrap="wrap" justify={{ base: 'center', lg: 'start' }} fontSize="sm" color="fg.muted">
          <HStack gap="1.5">
            <Icon as={StarIcon} color="yellow.400" fill="yellow.400" boxSize="4" aria-hidden="true" />
            <Text>
              <Text as="span" color="fg" fontWeight="semibold">
                {CLAIMS.rating}/{CLAIMS.ratingOutOf}
              </Text>{' '}
              from {CLAIMS.reviews} reviews
            </Text>
          </HStack>
          <Text>
            <Text as="span" color="fg" fontWeight="semibold">
              {CLAIMS.successRate}
            </Text>{' '}
            success rate
          </Text>
          <Text>
            <Text as="span" color="fg" fontWeight="semibold">
              {CLAIMS.fee}
            </Text>{' '}
            service fee
          </Text>
        </HStack>
      </Stack>

      <Box {...cardStyle} p={{ base: '5', md: '6' }} shadow="0 30px 80px -30px rgba(249, 128, 7, 0.25)" position="relative" overflow="hidden">
        <Box
          position="absolute"
          inset="0"
          pointerEvents="none"
          css={{ background: 'radial-gradient(600px 240px at 100% 0%, rgba(249, 128, 7, 0.12), transparent 70%)' }}
        />
        <Text fontSize="xs" fontWeight="bold" color="fg.subtle" textTransform="uppercase" letterSpacing="widest">
          Get paid your way
        </Text>
        <Heading as="h2" size="lg" mt="1" mb="4">
          Cash out in minutes, not weeks
        </Heading>
        <Stack gap="2" as="ul" listStyleType="none">
          {PAYOUTS.map((payout) => (
            <HStack as="li" key={payout.label} justify="space-between" p="3" bg="bg.muted" borderRadius="l2">
              <HStack gap="3">
                <Icon as={payout.icon} boxSize="5" css={{ color: payout.colour }} aria-hidden="true" />
                <Text fontWeight="medium">{payout.label}</Text>
              </HStack>
              <Badge variant="subtle" colorPalette={payout.time === 'Instant' ? 'green' : 'gray'}>
                {payout.time}
              </Badge>
            </HStack>
          ))}
        </Stack>
        <HStack mt="4" gap="2" color="fg.muted" fontSize="sm">
          <Icon as={ShieldCheckIcon} color="green.400" aria-hidden="true" />
          <Text>Every trade protected by automated escrow</Text>
        </HStack>
      </Box>
    </Grid>
  );
}
