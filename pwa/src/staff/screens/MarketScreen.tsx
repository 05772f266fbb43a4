/**
 * The market (support reads, admin acts): listings needing attention — overdue holds, lost items,
 * reversals, failing deliveries — with the actions the operators' commands have (cancel a lost
 * listing and refund its buyer, retry a delivery), and the listings featured on the landing page.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Card, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { RefreshCwIcon, StarIcon, StarOffIcon, XIcon } from 'lucide-react';
import type { StaffAttentionListing, StaffFeaturedListing } from '../../../../shared/schemas/staff';
import { PageTitle } from '../../components/PageTitle';
import { TextField } from '../components/TextField';
import { ActionDone, ActionError, EmptyNote, Facts, QueryView } from '../components/Feedback';
import { StatusBadge } from '../components/StatusBadge';
import { TextDialog } from '../components/TextDialog';
import { UserLink } from '../components/UserLink';
import { usd, when, words } from '../format';
import { useAttentionQuery, useCancelLostMutation, useFeaturedQuery, useRetryDeliveryMutation, useSetFeaturedMutation } from '../queries/market';
import { useStaffCan } from '../signedInStaff';

function AttentionCard({ listing }: { listing: StaffAttentionListing }) {
  const canAct = useStaffCan('market.act');
  const cancelLost = useCancelLostMutation();
  const retry = useRetryDeliveryMutation();
  const [dialog, setDialog] = useState<'cancel' | 'retry' | null>(null);
  const headingId = `attention-${listing.id}`;
  const active = dialog === 'cancel' ? cancelLost : retry;

  const openDialog = (which: 'cancel' | 'retry') => {
    cancelLost.reset();
    retry.reset();
    setDialog(which);
  };
  const handleReason = (reason: string) => {
    const done = { onSuccess: () => setDialog(null) };
    if (dialog === 'cancel') cancelLost.mutate({ listingId: listing.id, reason }, done);
    else if (listing.orderItemId) retry.mutate({ orderItemId: listing.orderItemId, reason }, done);
  };

  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" bg="bg.panel" borderColor="border">
      <Card.Body gap="3">
        <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
          <Box minW="0">
            <Heading as="h3" id={headingId} size="md">
              {listing.name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {usd(listing.price)} · <StatusBadge status={listing.status} /> {listing.sold ? '· sold' : ''}
            </Text>
          </Box>
          <StatusBadge status={listing.reason} />
        </Flex>
        <Text>{listing.detail}</Text>
        <Facts
          items={[
            ['Seller', <UserLink key="seller" user={listing.seller} />],
            ['Hold ends', listing.holdEndTime ? when(listing.holdEndTime) : '—'],
          ]}
        />
        {canAct && listing.actions.length > 0 ? (
          <Flex gap="2" wrap="wrap">
            {listing.actions.includes('cancel_lost') ? (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => openDialog('cancel')}>
                <XIcon aria-hidden="true" />
                Cancel and refund buyer
              </Button>
            ) : null}
            {listing.actions.includes('retry_delivery') && listing.orderItemId ? (
              <Button size="sm" variant="outline" onClick={() => openDialog('retry')}>
                <RefreshCwIcon aria-hidden="true" />
                Retry delivery
              </Button>
            ) : null}
          </Flex>
        ) : null}
        {cancelLost.data ? (
          <ActionDone>{cancelLost.data.refunded ? `Cancelled; ${usd(cancelLost.data.refunded)} refunded to the buyer.` : 'Cancelled; there was no buyer to refund.'}</ActionDone>
        ) : null}
        {retry.data ? <ActionDone>Delivery retried: {words(retry.data.status).toLowerCase()}.</ActionDone> : null}
      </Card.Body>
      <TextDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'cancel' ? `Cancel ${listing.name}` : `Retry the delivery of ${listing.name}`}
        description={dialog === 'cancel' ? 'The listing is cancelled as lost and its buyer, if any, gets the price back.' : 'The trade bot sends the trade offer again.'}
        label="Reason"
        helperText="Kept in the audit log."
        multiline
        maxLength={500}
        confirmLabel={dialog === 'cancel' ? 'Cancel and refund' : 'Retry delivery'}
        destructive={dialog === 'cancel'}
        busy={active.isPending}
        error={active.error}
        onSubmit={handleReason}
      />
    </Card.Root>
  );
}

function FeaturedRow({ listing }: { listing: StaffFeaturedListing }) {
  const canAct = useStaffCan('market.act');
  const setFeatured = useSetFeaturedMutation();
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="l2" bg="bg.panel" px="4" py="3">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Box minW="0">
          <Text fontWeight="semibold">{listing.name}</Text>
          <Flex gap="2" align="center" fontSize="sm" color="fg.muted" wrap="wrap">
            {usd(listing.price)} <StatusBadge status={listing.status} />
            {listing.featured && !listing.available ? <Text as="span">Not on sale: the landing page does not show it</Text> : null}
          </Flex>
        </Box>
        {canAct ? (
          <Button
            size="sm"
            variant="outline"
            loading={setFeatured.isPending}
            onClick={() => setFeatured.mutate({ listingId: listing.id, featured: !listing.featured })}
            aria-label={`${listing.featured ? 'Unfeature' : 'Feature'} ${listing.name}`}
          >
            {listing.featured ? <StarOffIcon aria-hidden="true" /> : <StarIcon aria-hidden="true" />}
            {listing.featured ? 'Unfeature' : 'Feature'}
          </Button>
        ) : null}
      </Flex>
      <Box mt={setFeatured.isError ? '2' : '0'}>
        <ActionError error={setFeatured.error} />
      </Box>
    </Box>
  );
}

function FeatureById() {
  const setFeatured = useSetFeaturedMutation();
  const [listingId, setListingId] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const id = listingId.trim();
    if (id) setFeatured.mutate({ listingId: id, featured: true }, { onSuccess: () => setListingId('') });
  };
  return (
    <Stack as="form" gap="2" onSubmit={handleSubmit} mt="4" aria-label="Feature a listing">
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Box flex="1" minW="56" maxW="md">
          <TextField label="Feature a listing by its ID">
            <Input autoComplete="off" spellCheck={false} value={listingId} onChange={(event) => setListingId(event.target.value)} />
          </TextField>
        </Box>
        <Button type="submit" variant="outline" loading={setFeatured.isPending} disabled={listingId.trim() === ''}>
          <StarIcon aria-hidden="true" />
          Feature
        </Button>
      </Flex>
      <ActionError error={setFeatured.error} />
      {setFeatured.data ? <ActionDone>{setFeatured.data.name} is featured.</ActionDone> : null}
    </Stack>
  );
}

export function MarketScreen() {
  const attention = useAttentionQuery();
  const featured = useFeaturedQuery();
  const canAct = useStaffCan('market.act');
  return (
    <>
      <PageTitle title="Market" subtitle="Listings that need someone, and the listings featured on the landing page." />
      <Stack gap="10">
        <Box as="section" aria-labelledby="attention-heading">
          <Heading as="h2" id="attention-heading" size="lg" mb="3">
            Needing attention
          </Heading>
          <QueryView query={attention} what="the listings needing attention">
            {({ items }) =>
              items.length === 0 ? (
                <EmptyNote>Nothing needs attention.</EmptyNote>
              ) : (
                <Stack as="ul" listStyleType="none" gap="3">
                  {items.map((listing) => (
                    <li key={`${listing.id}-${listing.reason}`}>
                      <AttentionCard listing={listing} />
                    </li>
                  ))}
                </Stack>
              )
            }
          </QueryView>
        </Box>
        <Box as="section" aria-labelledby="featured-heading">
          <Heading as="h2" id="featured-heading" size="lg" mb="3">
            Featured listings
          </Heading>
          <QueryView query={featured} what="the featured listings">
            {({ items }) =>
              items.length === 0 ? (
                <EmptyNote>No listing is featured.</EmptyNote>
              ) : (
                <Stack as="ul" listStyleType="none" gap="2">
                  {items.map((listing) => (
                    <FeaturedRow key={listing.id} listing={listing} />
                  ))}
                </Stack>
              )
            }
          </QueryView>
          {canAct ? <FeatureById /> : null}
        </Box>
      </Stack>
    </>
  );
}
