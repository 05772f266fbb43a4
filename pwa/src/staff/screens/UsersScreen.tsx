/**
 * Users (every role reads): the search by SteamID, name, e-mail or deposit reference. The term is
 * kept in the address (?q=), so going back to the results from a user's page finds them again.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Flex, Input } from '@chakra-ui/react';
import { SearchIcon } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle';
import { TextField } from '../components/TextField';
import { DataTable } from '../components/DataTable';
import { EmptyNote, QueryView } from '../components/Feedback';
import { StatusBadge } from '../components/StatusBadge';
import { UserLink } from '../components/UserLink';
import { usd, when } from '../format';
import { useUserSearchQuery } from '../queries/users';

function Results({ q }: { q: string }) {
  const search = useUserSearchQuery(q);
  return (
    <QueryView query={search} what="the users">
      {({ items }) =>
        items.length === 0 ? (
          <EmptyNote>No user matches “{q}”.</EmptyNote>
        ) : (
          <DataTable
            label={`Users matching ${q}`}
            rows={items}
            rowKey={(user) => user.id}
            columns={[
              { header: 'Name', cell: (user) => <UserLink user={user} /> },
              { header: 'SteamID', cell: (user) => user.steamId },
              { header: 'E-mail', cell: (user) => user.email || '—' },
              { header: 'Deposit reference', cell: (user) => user.depositReference },
              { header: 'Balance', cell: (user) => usd(user.balance), numeric: true },
              { header: 'Account', cell: (user) => <StatusBadge status={user.frozen ? 'frozen' : 'active'} /> },
              { header: 'Joined', cell: (user) => when(user.createdAt) },
            ]}
          />
        )
      }
    </QueryView>
  );
}

export function UsersScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [term, setTerm] = useState(q);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = term.trim();
    setParams(next ? { q: next } : {});
  };

  return (
    <>
      <PageTitle title="Users" subtitle="Find a user by SteamID, name, e-mail or deposit reference." />
      <Flex as="form" role="search" gap="3" align="flex-end" wrap="wrap" mb="6" onSubmit={handleSubmit}>
        <Box flex="1" minW="56" maxW="lg">
          <TextField label="Search users">
            <Input type="search" autoComplete="off" spellCheck={false} placeholder="76561198…, a name, an e-mail, SM-…" value={term} onChange={(event) => setTerm(event.target.value)} />
          </TextField>
        </Box>
        <Button type="submit" colorPalette="brand" disabled={term.trim() === ''}>
          <SearchIcon aria-hidden="true" />
          Search
        </Button>
      </Flex>
      {q ? <Results q={q} /> : null}
    </>
  );
}
