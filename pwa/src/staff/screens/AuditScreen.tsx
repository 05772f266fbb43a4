/**
 * The audit log (admin): every staff action, newest first — who, what, on what, when, the reason,
 * the values before and after — filtered by actor, subject and action, a page at a time. Nobody can
 * change it (the database refuses), so the console only reads.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Card, Flex, Grid, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { SearchIcon } from 'lucide-react';
import type { AuditEntry } from '../../../../shared/schemas/staff';
import { PageTitle } from '../../components/PageTitle';
import { TextField } from '../components/TextField';
import { readableDetails } from '../auditDetails';
import { ActionError, EmptyNote, QueryView } from '../components/Feedback';
import { when, words } from '../format';
import { useAuditQuery, type AuditFilters } from '../queries/audit';

const NO_FILTERS: AuditFilters = { actor: '', subject: '', action: '' };

function Details({ entry }: { entry: AuditEntry }) {
  const { reason, changes, other } = readableDetails(entry.details);
  if (!reason && changes.length === 0 && other.length === 0) return null;
  return (
    <Stack gap="2" fontSize="sm">
      {reason ? (
        <Text>
          <Text as="span" color="fg.muted">
            Reason:{' '}
          </Text>
          {reason}
        </Text>
      ) : null}
      {changes.length > 0 ? (
        <Box as="table" w="full" css={{ '& th, & td': { textAlign: 'start', paddingInlineEnd: '1rem', verticalAlign: 'top', overflowWrap: 'anywhere' } }}>
          <caption style={{ textAlign: 'start' }}>
            <Text as="span" color="fg.muted">
              Changes
            </Text>
          </caption>
          <thead>
            <tr>
              <Text as="th" fontWeight="medium" color="fg.muted">
                Field
              </Text>
              <Text as="th" fontWeight="medium" color="fg.muted">
                Before
              </Text>
              <Text as="th" fontWeight="medium" color="fg.muted">
                After
              </Text>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <td>{words(change.field)}</td>
                <td>{change.before}</td>
                <Text as="td" color={change.before === change.after ? undefined : 'brand.fg'}>
                  {change.after}
                </Text>
              </tr>
            ))}
          </tbody>
        </Box>
      ) : null}
      {other.length > 0 ? (
        <Box as="dl">
          {other.map(([key, value]) => (
            <Flex key={key} gap="2" wrap="wrap">
              <Text as="dt" color="fg.muted">
                {words(key)}:
              </Text>
              <Text as="dd" overflowWrap="anywhere" minW="0">
                {value}
              </Text>
            </Flex>
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}

function EntryCard({ entry }: { entry: AuditEntry }) {
  return (
    <Card.Root as="li" variant="outline" bg="bg.panel" borderColor="border" size="sm">
      <Card.Body gap="2">
        <Flex justify="space-between" gap="2" wrap="wrap">
          <Text fontWeight="semibold">{words(entry.action)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {when(entry.createdAt)}
          </Text>
        </Flex>
        <Text fontSize="sm" overflowWrap="anywhere">
          <Text as="span" color="fg.muted">
            By{' '}
          </Text>
          {entry.actor}
          <Text as="span" color="fg.muted">
            {' '}
            on{' '}
          </Text>
          {words(entry.subjectType).toLowerCase()} {entry.subjectId}
        </Text>
        <Details entry={entry} />
      </Card.Body>
    </Card.Root>
  );
}

function Entries({ filters }: { filters: AuditFilters }) {
  const audit = useAuditQuery(filters);
  return (
    <QueryView query={audit} what="the audit log">
      {({ pages }) => {
        const entries = pages.flatMap((page) => page.items);
        if (entries.length === 0) return <EmptyNote>No entries match.</EmptyNote>;
        return (
          <Stack gap="4">
            <Stack as="ul" listStyleType="none" gap="3" aria-label="Audit entries">
              {entries.map((entry) => (
                <EntryCard key={entry.id} entry={entry} />
              ))}
            </Stack>
            {audit.isFetchNextPageError ? <ActionError error={audit.error} /> : null}
            {audit.hasNextPage ? (
              <Button variant="outline" alignSelf="center" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
                Load more
              </Button>
            ) : null}
          </Stack>
        );
      }}
    </QueryView>
  );
}

export function AuditScreen() {
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const field = (name: keyof AuditFilters) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  return (
    <>
      <PageTitle title="Audit log" subtitle="Every staff action, newest first. Nobody can change it." />
      <Box as="form" role="search" aria-label="Filter the audit log" onSubmit={handleSubmit} mb="6">
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr)) auto' }} gap="3" alignItems="end">
          <TextField label="Actor">
            <Input autoComplete="off" spellCheck={false} placeholder="staff:finance@…, system:cli" {...field('actor')} />
          </TextField>
          <TextField label="Subject">
            <Input autoComplete="off" spellCheck={false} placeholder="A user's, listing's or withdrawal's ID" {...field('subject')} />
          </TextField>
          <TextField label="Action">
            <Input autoComplete="off" spellCheck={false} placeholder="withdrawal.approve" {...field('action')} />
          </TextField>
          <Button type="submit" colorPalette="brand">
            <SearchIcon aria-hidden="true" />
            Filter
          </Button>
        </Grid>
      </Box>
      <Heading as="h2" srOnly>
        Entries
      </Heading>
      <Entries filters={filters} />
    </>
  );
}
