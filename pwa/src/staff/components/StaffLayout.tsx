/**
 * The signed-in console's frame: a skip link, the header with the person (name, e-mail, roles) and
 * "Sign out", the navigation of the sections their roles open (a column beside the content from
 * `md` up, a row that scrolls sideways on phones), and the section in <main>. Sets the tab's title
 * from the section shown.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { LogOutIcon } from 'lucide-react';
import { NavLink, useLocation } from 'react-router-dom';
import type { StaffMe } from '../../../../shared/schemas/staff';
import { useSignOutMutation } from '../queries/me';
import { sectionOf, sectionsFor } from '../sections';
import { SkipLink } from '../../components/SkipLink';
import { ActionError } from './Feedback';

const MAIN_ID = 'staff-main';
const CONSOLE_TITLE = 'SkinMarket Staff';

export function StaffLayout({ me, children }: { me: StaffMe; children: ReactNode }) {
  const { pathname } = useLocation();
  const signOut = useSignOutMutation();
  const sections = sectionsFor(me.roles);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const section = sectionOf(pathname);
    document.title = section ? `${section.label} | ${CONSOLE_TITLE}` : CONSOLE_TITLE;
    // On a phone the sections are a row wider than the screen: the current one is scrolled into it.
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink targetId={MAIN_ID} />
      <Box as="header" bg="bg.subtle" borderBottomWidth="1px" borderColor="border" px={{ base: '4', md: '6' }} py="3">
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <Flex align="baseline" gap="2">
            <Text fontWeight="bold" fontSize="lg" letterSpacing="-0.01em">
              SkinMarket
            </Text>
            <Badge colorPalette="brand" variant="solid">
              Staff
            </Badge>
          </Flex>
          <Flex align="center" justify="space-between" gap="3" minW="0" w={{ base: 'full', sm: 'auto' }}>
            <Box textAlign={{ base: 'start', sm: 'end' }} minW="0">
              <Text fontWeight="semibold" truncate>
                <VisuallyHidden>Signed in as </VisuallyHidden>
                {me.name}
              </Text>
              <Text fontSize="xs" color="fg.muted" truncate>
                {me.email}
              </Text>
              <Flex as="ul" listStyleType="none" gap="1" justify={{ base: 'flex-start', sm: 'flex-end' }} mt="1" aria-label="Roles">
                {me.roles.map((role) => (
                  <li key={role}>
                    <Badge size="sm" variant="outline">
                      {role}
                    </Badge>
                  </li>
                ))}
              </Flex>
            </Box>
            <Button variant="outline" size="sm" loading={signOut.isPending} onClick={() => signOut.mutate()}>
              <LogOutIcon aria-hidden="true" />
              Sign out
            </Button>
          </Flex>
        </Flex>
        <Box mt={signOut.isError ? '2' : '0'}>
          <ActionError error={signOut.error} />
        </Box>
      </Box>
      <Flex flex="1" direction={{ base: 'column', md: 'row' }} minH="0">
        <Box
          as="nav"
          ref={navRef}
          aria-label="Console sections"
          flexShrink={0}
          w={{ md: '52' }}
          borderEndWidth={{ md: '1px' }}
          borderBottomWidth={{ base: '1px', md: '0' }}
          borderColor="border"
          bg={{ base: 'bg.subtle', md: 'transparent' }}
        >
          <Flex as="ul" listStyleType="none" direction={{ base: 'row', md: 'column' }} gap="1" p="2" overflowX={{ base: 'auto', md: 'visible' }}>
            {sections.map((section) => (
              <li key={section.path}>
                <Button
                  asChild
                  variant="ghost"
                  size="sm"
                  w={{ md: 'full' }}
                  justifyContent="flex-start"
                  color="fg.muted"
                  css={{ '&[aria-current=page]': { bg: 'bg.emphasized', color: 'brand.fg' } }}
                >
                  <NavLink to={section.path} end={section.path === '/'}>
                    <section.icon aria-hidden="true" />
                    {section.label}
                  </NavLink>
                </Button>
              </li>
            ))}
          </Flex>
        </Box>
        <Box as="main" id={MAIN_ID} tabIndex={-1} flex="1" minW="0" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} outline="none">
          <Box maxW="6xl">{children}</Box>
        </Box>
      </Flex>
    </Flex>
  );
}
