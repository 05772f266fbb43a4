/**
 * The wallet screens' page (Add Funds, Withdraw): the title, an optional notice, then a grid with
 * the balance card and the side cards in a right-hand column from `lg` up (balance first, the
 * screen's main part, then the side cards on narrower screens).
 */
import { type ReactNode } from 'react';
import { Box, Grid, Stack } from '@chakra-ui/react';
import { PageTitle } from '../PageTitle';

interface WalletScreenLayoutProps {
  title: string;
  subtitle: string;
  /** Shown between the title and the grid (Add Funds: the return from the checkout). */
  notice?: ReactNode;
  balance: ReactNode;
  main: ReactNode;
  aside: ReactNode;
}

export function WalletScreenLayout({ title, subtitle, notice, balance, main, aside }: WalletScreenLayoutProps) {
  return (
    <Box colorPalette="brand">
      <PageTitle title={title} subtitle={subtitle} />
      {notice}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem', xl: 'minmax(0, 1fr) 22rem' }}
        templateAreas={{ base: '"balance" "main" "aside"', lg: '"main balance" "main aside"' }}
        templateRows={{ lg: 'auto 1fr' }}
        columnGap={{ base: 6, lg: 8 }}
        rowGap={6}
        alignItems="start"
      >
        <Box gridArea="balance">{balance}</Box>
        <Stack gridArea="main" gap={6} minW={0}>
          {main}
        </Stack>
        <Stack gridArea="aside" gap={6} minW={0}>
          {aside}
        </Stack>
      </Grid>
    </Box>
  );
}
