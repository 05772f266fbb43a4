/**
 * Help centre (/help-center): the two ways to reach support, then the articles (articles.tsx).
 */
import { Link as RouterLink } from 'react-router-dom';
import { Card, Icon, LinkBox, LinkOverlay, SimpleGrid } from '@chakra-ui/react';
import { ArrowRightIcon, BugIcon, HeadsetIcon } from 'lucide-react';
import { PRODUCT_NAME, SUPPORT } from '../../../../shared/constants';
import { LegalPage } from '../../components/LegalPage';
import { ARTICLES } from './articles';

const SUPPORT_CHANNELS = [
  {
    to: '/contact-us',
    title: 'Contact Support',
    icon: <HeadsetIcon />,
    text: `Questions about an order, a payout or your account. We reply within ${SUPPORT.generalResponse}, and payment questions within ${SUPPORT.paymentResponse}.`,
  },
  {
    to: '/report-issue',
    title: 'Report an Issue',
    icon: <BugIcon />,
    text: `Something broken, slow or suspicious? Tell us what happened and we will confirm your report by e-mail within ${SUPPORT.issueAcknowledgement}.`,
  },
] as const;

const supportChannels = (
  <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
    {SUPPORT_CHANNELS.map((channel) => (
      <LinkBox key={channel.to} asChild>
        <Card.Root
          variant="outline"
          colorPalette="brand"
          transition="border-color 0.15s, transform 0.15s"
          _hover={{ borderColor: 'colorPalette.solid', transform: 'translateY(-2px)' }}
          _focusWithin={{ borderColor: 'colorPalette.solid' }}
        >
          <Card.Body gap={3}>
            <Icon size="xl" color="colorPalette.fg">
              {channel.icon}
            </Icon>
            <Card.Title as="h2" display="flex" alignItems="center" gap={2}>
              <LinkOverlay asChild>
                <RouterLink to={channel.to}>{channel.title}</RouterLink>
              </LinkOverlay>
              <Icon size="sm" color="colorPalette.fg">
                <ArrowRightIcon />
              </Icon>
            </Card.Title>
            <Card.Description lineHeight="1.6">{channel.text}</Card.Description>
          </Card.Body>
        </Card.Root>
      </LinkBox>
    ))}
  </SimpleGrid>
);

export default function HelpCenterScreen() {
  return (
    <LegalPage
      title="Help Center"
      description={`Answers to the questions we hear most about selling, buying and getting paid on ${PRODUCT_NAME}. Can't find what you need? Our support team is a message away.`}
      sections={ARTICLES}
      intro={supportChannels}
    />
  );
}
