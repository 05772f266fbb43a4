/**
 * Trusted by Professionals (three professional-player testimonials) and the Trustpilot-style
 * customer reviews (three), both static.
 */
import { Box, Flex, HStack, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Avatar } from '@chakra-ui/react';
import { QuoteIcon, StarIcon } from 'lucide-react';
import { CLAIMS, REVIEWS, TESTIMONIALS } from './content';
import { Section, cardStyle } from './Section';

export function TestimonialsSection() {
  return (
    <Section eyebrow="Pro players" title="Trusted by Professionals" lead="Players who trade for a living use us to sell and buy.">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '4', md: '5' }}>
        {TESTIMONIALS.map((testimonial) => (
          <Stack as="figure" key={testimonial.name} {...cardStyle} p="6" gap="5" justify="space-between">
            <Box>
              <Icon as={QuoteIcon} boxSize="7" color="brand.fg" opacity="0.6" mb="3" aria-hidden="true" />
              <Text as="blockquote" color="fg" lineHeight="tall">
                {testimonial.quote}
              </Text>
            </Box>
            <HStack as="figcaption" gap="3">
              <Avatar.Root size="md" colorPalette="brand" variant="subtle">
                <Avatar.Fallback name={testimonial.name}>{testimonial.initials}</Avatar.Fallback>
              </Avatar.Root>
              <Box>
                <Text fontWeight="semibold">{testimonial.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {testimonial.role}
                </Text>
              </Box>
            </HStack>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}

/** Trustpilot's look: white stars on green squares. */
function StarSquares({ label }: { label: string }) {
  return (
    <HStack as="span" display="inline-flex" gap="0.5" role="img" aria-label={label}>
      {Array.from({ length: 5 }, (_, index) => (
        <Flex as="span" key={index} boxSize="5" bg="#00b67a" align="center" justify="center" borderRadius="1px">
          <Icon as={StarIcon} boxSize="3.5" color="white" fill="white" aria-hidden="true" />
        </Flex>
      ))}
    </HStack>
  );
}

export function ReviewsSection() {
  return (
    <Section
      eyebrow="Customer reviews"
      title="Rated Excellent by Our Traders"
      lead={
        <HStack as="span" display="inline-flex" gap="3" wrap="wrap" justify="center">
          <StarSquares label={`Rated ${CLAIMS.rating} out of ${CLAIMS.ratingOutOf}`} />
          <span>
            <Text as="span" color="fg" fontWeight="semibold">
              {CLAIMS.rating}/{CLAIMS.ratingOutOf}
            </Text>{' '}
            from {CLAIMS.reviews} reviews
          </span>
        </HStack>
      }
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '4', md: '5' }}>
        {REVIEWS.map((review) => (
          <Stack as="article" key={review.name} {...cardStyle} p="6" gap="3">
            <Flex justify="space-between" align="center">
              <StarSquares label="5 out of 5 stars" />
              <Text fontSize="xs" color="fg.subtle">
                {review.when}
              </Text>
            </Flex>
            <Heading as="h3" size="md">
              {review.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm" lineHeight="tall" flex="1">
              {review.text}
            </Text>
            <Text fontSize="sm">
              <Text as="span" fontWeight="semibold">
                {review.name}
              </Text>{' '}
              <Text as="span" color="fg.subtle">
                · {review.location} · Verified trader
              </Text>
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}
