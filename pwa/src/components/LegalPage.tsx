/**
 * Shared layout of the long-form pages (terms, privacy and refund policies, and the help centre):
 * a header with the last-updated line, a table of contents built from the sections, and the
 * sections themselves in one readable column. The pages only supply their content as data, so
 * typography, anchors and scrolling behave the same on all of them.
 */
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Box, Grid, Heading, Icon, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { List } from '@chakra-ui/react';
import { ExternalLinkIcon } from 'lucide-react';
import { SUPPORT } from '../../../shared/constants';
import { PageTitle } from './PageTitle';

export interface LegalSection {
  /** Anchor id of the section heading; other pages and support replies link to it, keep it stable. */
  id: string;
  title: string;
  content: ReactNode;
  /** Render the whole section as a highlighted box (e.g. the refund policy's special circumstances). */
  highlighted?: boolean;
}

interface LegalPageProps {
  title: string;
  description: ReactNode;
  /** The policy date, e.g. POLICY_LAST_UPDATED; pages that are not policies leave it out. */
  lastUpdated?: string;
  /** Number the sections '1.', '2.', … in their headings and in the table of contents. */
  numbered?: boolean;
  sections: readonly LegalSection[];
  /** Shown before the first section (and, on small screens, before the table of contents). */
  intro?: ReactNode;
  /** Shown after the last section: a closing box. */
  outro?: ReactNode;
}

/** Room left above a heading scrolled into view, so the sticky navigation bar does not cover it. */
const SCROLL_MARGIN = '6rem';
/** A section counts as the one being read once its heading is in the top quarter of the window. */
const ACTIVE_SECTION_VIEWPORT_SHARE = 0.25;

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * Scrolls to a section heading and moves keyboard focus there. The hash is written with
 * replaceState, keeping the router's history state, so the address is a shareable deep link while
 * Back still leaves the page instead of stepping through every jump.
 */
function goToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(id);
  if (!heading) return;
  event.preventDefault();
  heading.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  heading.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/** Opens the page at the section named in the address (a deep link such as /help-center#pricing). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    // One frame later, so the app's scroll-to-top on navigation has already run.
    const frame = window.requestAnimationFrame(() => {
      document.getElementById(id)?.scrollIntoView({ block: 'start' });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [hash]);
}

/** Id of the section being read: the last one whose heading has passed the top quarter of the window. */
function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string>();
  const idList = ids.join(' ');
  useEffect(() => {
    const headings = idList
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((heading) => heading !== null);
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = window.innerHeight * ACTIVE_SECTION_VIEWPORT_SHARE;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom) {
        // The last sections may be too short to ever reach the line. At the bottom of the page the
        // section just jumped to (in the address) is current if it is on screen, else the last one.
        const target = headings.find((heading) => `#${heading.id}` === window.location.hash);
        const targetOnScreen = target !== undefined && target.getBoundingClientRect().top < window.innerHeight;
        setActive(targetOnScreen ? target.id : headings.at(-1)?.id);
        return;
      }
      const passed = headings.filter((heading) => heading.getBoundingClientRect().top <= line);
      setActive(passed.at(-1)?.id);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      window.cancelAnimationFrame(frame);
    };
  }, [idList]);
  return active;
}

function sectionTitle(section: LegalSection, index: number, numbered: boolean): string {
  return numbered ? `${index + 1}. ${section.title}` : section.title;
}

export function LegalPage({ title, description, lastUpdated, numbered = false, sections, intro, outro }: LegalPageProps) {
  useScrollToHash();
  const active = useActiveSection(sections.map((section) => section.id));

  return (
    <Box colorPalette="brand">
      <Box as="header" maxW="72ch" mb={{ base: 8, md: 12 }}>
        <PageTitle title={title} subtitle={description} mb={0} />
        {lastUpdated && (
          <Text mt={3} fontSize="sm" color="fg.subtle">
            Last updated: {lastUpdated}
          </Text>
        )}
      </Box>

      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '15rem minmax(0, 1fr)' }}
        // Small screens show the intro (summary box, contact cards) before the table of contents;
        // wide ones keep the table of contents in a sticky column beside everything.
        templateAreas={
          intro
            ? { base: '"intro" "toc" "body"', lg: '"toc intro" "toc body"' }
            : { base: '"toc" "body"', lg: '"toc body"' }
        }
        columnGap={14}
        rowGap={{ base: 8, md: 12 }}
        alignItems="start"
      >
        {intro && (
          <Box gridArea="intro" minW={0}>
            {intro}
          </Box>
        )}
        <Box
          as="nav"
          gridArea="toc"
          aria-label="On this page"
          position={{ lg: 'sticky' }}
          top={{ lg: SCROLL_MARGIN }}
          maxH={{ lg: `calc(100vh - ${SCROLL_MARGIN} - 2rem)` }}
          overflowY={{ lg: 'auto' }}
          borderWidth={{ base: '1px', lg: '0' }}
          borderRadius="lg"
          bg={{ base: 'bg.subtle', lg: 'transparent' }}
          p={{ base: 4, lg: 0 }}
        >
          <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.subtle" mb={3}>
            On this page
          </Text>
          <List.Root listStyleType="none" gap={1}>
            {sections.map((section, index) => {
              const isActive = section.id === active;
              return (
                <List.Item key={section.id}>
                  <Link
                    href={`#${section.id}`}
                    onClick={(event) => goToSection(event, section.id)}
                    aria-current={isActive ? 'location' : undefined}
                    display="block"
                    py={1}
                    ps={3}
                    fontSize="sm"
                    lineHeight="1.5"
                    borderStartWidth="2px"
                    borderColor={isActive ? 'colorPalette.solid' : 'transparent'}
                    color={isActive ? 'colorPalette.fg' : 'fg.muted'}
                    fontWeight={isActive ? 'medium' : 'normal'}
                    textDecoration="none"
                    _hover={{ color: 'fg', textDecoration: 'none' }}
                  >
                    {sectionTitle(section, index, numbered)}
                  </Link>
                </List.Item>
              );
            })}
          </List.Root>
        </Box>

        <Stack as="article" gridArea="body" gap={{ base: 10, md: 12 }} minW={0}>
          {sections.map((section, index) => (
            <Box
              as="section"
              key={section.id}
              aria-labelledby={section.id}
              maxW="72ch"
              {...(section.highlighted && {
                borderWidth: '1px',
                borderColor: 'colorPalette.muted',
                bg: 'bg.panel',
                borderRadius: 'xl',
                p: { base: 5, md: 7 },
              })}
            >
              <Heading
                as="h2"
                id={section.id}
                tabIndex={-1}
                size={{ base: 'xl', md: '2xl' }}
                lineHeight="1.3"
                mb={4}
                scrollMarginTop={SCROLL_MARGIN}
                outline="none"
              >
                {sectionTitle(section, index, numbered)}
              </Heading>
              <Stack gap={4} fontSize="md" lineHeight="1.75" color="fg.muted">
                {section.content}
              </Stack>
            </Box>
          ))}
          {outro}
        </Stack>
      </Grid>
    </Box>
  );
}

type CalloutTone = 'accent' | 'success' | 'info';

const CALLOUT_PALETTES: Record<CalloutTone, string> = { accent: 'brand', success: 'green', info: 'blue' };

/** A highlighted box with a title, for summaries, warnings and contact details inside a page. */
export function Callout({
  title,
  icon,
  tone = 'accent',
  children,
}: {
  title: string;
  icon: ReactNode;
  tone?: CalloutTone;
  children: ReactNode;
}) {
  return (
    <Box
      as="section"
      colorPalette={CALLOUT_PALETTES[tone]}
      maxW="72ch"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      borderStartWidth="4px"
      borderStartColor="colorPalette.solid"
      bg="colorPalette.subtle/40"
      borderRadius="lg"
      p={{ base: 5, md: 6 }}
    >
      <Heading as="h2" size="lg" display="flex" alignItems="center" gap={2.5} mb={3} color="colorPalette.fg">
        <Icon size="md">{icon}</Icon>
        {title}
      </Heading>
      <Stack gap={3} fontSize="md" lineHeight="1.7" color="fg.muted">
        {children}
      </Stack>
    </Box>
  );
}

/** A bulleted (or numbered) list of short points inside a section. */
export function BulletList({ items, ordered = false }: { items: readonly ReactNode[]; ordered?: boolean }) {
  return (
    <List.Root as={ordered ? 'ol' : 'ul'} ps={5} gap={2} _marker={{ color: 'colorPalette.fg' }}>
      {items.map((item, index) => (
        <List.Item key={index} ps={1}>
          {item}
        </List.Item>
      ))}
    </List.Root>
  );
}

/** A sub-heading inside a section. */
export function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h3" size="md" color="fg" mt={2} mb={-1}>
      {children}
    </Heading>
  );
}

/** A link to another section of the same page, scrolling like the table of contents does. */
export function SectionLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Link
      href={`#${id}`}
      onClick={(event) => goToSection(event, id)}
      variant="underline"
      colorPalette="brand"
      textUnderlineOffset="3px"
    >
      {children}
    </Link>
  );
}

/** A link to another page of the app, through the router. */
export function InternalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild variant="underline" colorPalette="brand" textUnderlineOffset="3px">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** A link to another site, opened in a new tab without giving that site access to this window. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" variant="underline" colorPalette="brand" textUnderlineOffset="3px">
      {children}
      <Icon size="xs" aria-hidden>
        <ExternalLinkIcon />
      </Icon>
      <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
    </Link>
  );
}

/** The support address as a mail link, optionally with a prefilled subject line. */
export function SupportEmailLink({ subject }: { subject?: string }) {
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return (
    <Link href={`mailto:${SUPPORT.email}${query}`} variant="underline" colorPalette="brand" fontWeight="medium" textUnderlineOffset="3px">
      {SUPPORT.email}
    </Link>
  );
}
