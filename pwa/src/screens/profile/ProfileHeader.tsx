/**
 * The Profile's header card ('Account'): the Steam avatar over an accent banner, the name (and the
 * Steam name when it differs), the badges, 'View Steam Profile', the Steam ID and the member-since
 * date.
 */
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Icon, SimpleGrid, Text, Wrap } from '@chakra-ui/react';
import { Code } from '@chakra-ui/react';
import { BadgeCheckIcon, CalendarDaysIcon, ExternalLinkIcon, FingerprintPatternIcon, SparklesIcon } from 'lucide-react';
import { formatDate } from '../../../../shared/format';
import { UserAvatar } from '../../components/UserAvatar';
import type { User } from '../../queries/user';

export function ProfileHeader({ user }: { user: User }) {
  const name = user.displayName.trim() || user.username;
  const memberSince = useMemo(() => {
    try {
      return formatDate(user.createdAt);
    } catch {
      return null;
    }
  }, [user.createdAt]);

  return (
    <Card.Root as="section" aria-label="Account" bg="bg.panel" borderColor="border" overflow="hidden">
      {/* A banner in the accent colour; the avatar overlaps its lower edge. */}
      <Box
        h={{ base: '20', md: '24' }}
        bgGradient="to-r"
        gradientFrom="brand.subtle"
        gradientVia="brand.muted/70"
        gradientTo="brand.subtle"
        borderBottomWidth="1px"
        borderColor="brand.muted"
        aria-hidden="true"
      />
      <Card.Body pt="0" px={{ base: '5', md: '8' }} pb={{ base: '5', md: '7' }}>
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          align="flex-start"
          gap={{ base: '3', sm: '5' }}
          mt={{ base: '-10', md: '-12' }}
        >
          <UserAvatar
            username={user.username}
            avatar={user.avatar}
            size="2xl"
            boxSize={{ base: '20', md: '24' }}
            fontSize={{ base: '2xl', md: '3xl' }}
            borderWidth="4px"
            borderColor="bg.panel"
            shadow="lg"
            flexShrink={0}
          />
          {/* Only the avatar overlaps the banner: the text starts just below its edge. */}
          <Box flex="1" minW="0" pt={{ sm: '12', md: '14' }}>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} lineHeight="short" wordBreak="break-word">
              {name}
            </Heading>
            {name !== user.username ? (
              <Text color="fg.muted" fontSize="sm" truncate>
                Steam name: {user.username}
              </Text>
            ) : null}
            <Wrap gap="2" mt="2">
              <Badge colorPalette="green" variant="subtle" size="md" gap="1">
                <BadgeCheckIcon aria-hidden="true" />
                Verified
              </Badge>
              <Badge colorPalette="blue" variant="subtle" size="md" gap="1">
                <SparklesIcon aria-hidden="true" />
                New Trader
              </Badge>
            </Wrap>
          </Box>
          {user.profileUrl ? (
            <Button
              asChild
              variant="outline"
              size="sm"
              borderColor="border.emphasized"
              flexShrink={0}
              mt={{ sm: '12', md: '14' }}
            >
              <a href={user.profileUrl} target="_blank" rel="noopener noreferrer">
                View Steam Profile
                <ExternalLinkIcon aria-hidden="true" />
              </a>
            </Button>
          ) : null}
        </Flex>

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" mt={{ base: '5', md: '6' }}>
          <HeaderFact icon={FingerprintPatternIcon} label="Steam ID">
            {user.steamId ? (
              <Code variant="plain" px="0" bg="transparent" fontSize="sm" color="fg" wordBreak="break-all">
                {user.steamId}
              </Code>
            ) : (
              <Text as="span" color="fg.muted">
                Not connected
              </Text>
            )}
          </HeaderFact>
          {memberSince ? (
            <HeaderFact icon={CalendarDaysIcon} label="Member since">
              {memberSince}
            </HeaderFact>
          ) : null}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

function HeaderFact({ icon, label, children }: { icon: ComponentType; label: string; children: ReactNode }) {
  return (
    <HStack gap="3" px="4" py="3" bg="bg.muted" borderRadius="l2" borderWidth="1px" borderColor="border" minW="0">
      <Icon as={icon} boxSize="5" color="brand.fg" flexShrink={0} aria-hidden="true" />
      <Box minW="0">
        <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
          {label}
        </Text>
        <Box fontSize="sm" fontWeight="medium">
          {children}
        </Box>
      </Box>
    </HStack>
  );
}
