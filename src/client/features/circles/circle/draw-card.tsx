import { Box, Button, Code, List, Stack, Text } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyDraw } from '@shared/njangi/draw-browser';
import type { Detail } from './model';
import { SectionCard } from '../../../components/section-card';

type Outcome = { commitmentMatches: boolean; orderMatches: boolean; order: number[] } | { error: true };

/**
 * A random circle's draw, checkable by anyone: the seed's SHA-256 published when it started and,
 * once the circle has ended, the seed itself. "Verify the draw" recomputes, in this browser, the
 * hash of the seed and the order the seed gives the hands (their ids in hand order), and compares
 * both with what was published and recorded (each hand's drawn position, kept through swaps).
 */
export function DrawCard({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const c = d.circle;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  if (!c.seedHash) return null;
  const handIds = [...d.hands].sort((a, b) => a.handNo - b.handNo).map((h) => h.id);
  const drawn = [...d.hands].filter((h) => h.drawnPosition !== null).sort((a, b) => a.drawnPosition! - b.drawnPosition!);
  const byId = new Map(d.hands.map((h) => [h.id, h]));
  const canVerify = !!c.seed && drawn.length === d.hands.length && drawn.length > 0;

  async function verify() {
    setBusy(true);
    try {
      setOutcome(
        await verifyDraw(
          c.seed!,
          c.seedHash!,
          handIds,
          drawn.map((h) => h.id),
        ),
      );
    } catch {
      setOutcome({ error: true });
    } finally {
      setBusy(false);
    }
  }

  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  return (
    <SectionCard id="circle-draw" title={t('circle.draw.title')} intro={t('circle.draw.intro')} bodyGap="4">
      <DrawValue label={t('circle.draw.hash')} value={c.seedHash} testId="seed-hash" />
      {c.seed ? (
        <DrawValue label={t('circle.draw.seed')} value={c.seed} testId="seed" />
      ) : (
        <Text color="fg.muted">{t('circle.draw.sealed')}</Text>
      )}
      {drawn.length > 0 && (
        <Stack gap="1">
          <Text fontWeight="medium">{t('circle.draw.order')}</Text>
          <List.Root as="ol" ps="5" fontSize="sm">
            {drawn.map((h) => (
              <List.Item key={h.id}>{t('circle.draw.orderItem', { hand: h.handNo, name: h.name })}</List.Item>
            ))}
          </List.Root>
          <Text color="fg.muted" fontSize="sm">
            {t('circle.draw.swapsAfter')}
          </Text>
        </Stack>
      )}
      {canVerify && (
        <Button alignSelf="flex-start" variant="outline" onClick={() => void verify()} loading={busy} loadingText={t('circle.draw.verifying')}>
          <ShieldCheck aria-hidden /> {t('circle.draw.verify')}
        </Button>
      )}
      <Box aria-live="polite" data-testid="draw-result">
        {outcome &&
          ('error' in outcome ? (
            <Text color="red.fg">{t('circle.draw.error')}</Text>
          ) : (
            <Stack gap="1">
              <Text color={outcome.commitmentMatches ? 'green.fg' : 'red.fg'} fontWeight="medium">
                <span aria-hidden>{mark(outcome.commitmentMatches)} </span>
                {outcome.commitmentMatches ? t('circle.draw.hashOk') : t('circle.draw.hashBad')}
              </Text>
              <Text color={outcome.orderMatches ? 'green.fg' : 'red.fg'} fontWeight="medium">
                <span aria-hidden>{mark(outcome.orderMatches)} </span>
                {outcome.orderMatches ? t('circle.draw.orderOk') : t('circle.draw.orderBad')}
              </Text>
              {!outcome.orderMatches && (
                <Text fontSize="sm">{t('circle.draw.recomputed', { order: outcome.order.map((id) => t('circle.hand', { number: byId.get(id)?.handNo ?? 0 })).join(', ') })}</Text>
              )}
            </Stack>
          ))}
      </Box>
    </SectionCard>
  );
}

/** One value of the draw (its hash, its seed), under its name, as code that wraps. */
function DrawValue({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Stack gap="1">
      <Text fontWeight="medium">{label}</Text>
      <Code data-testid={testId} wordBreak="break-all" whiteSpace="normal" p="2">
        {value}
      </Code>
    </Stack>
  );
}
