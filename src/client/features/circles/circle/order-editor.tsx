import { Badge, Button, HStack, IconButton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RuledList } from '../../../components/rows';

/** One hand of a member in the payout order: the `nth` of their `of` hands. */
export type Slot = { key: string; userId: string; name: string; nth: number; of: number };

/**
 * The payout order of a fixed circle, round 1 first, changed with Move up / Move down buttons
 * (plain buttons, so keyboards and screen readers work as they do everywhere). After a move the
 * focus follows the hand that moved, and the new place is announced.
 */
export function OrderEditor({ slots, onChange, onReset }: { slots: Slot[]; onChange: (next: Slot[]) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const focusNext = useRef<{ key: string; dir: 'up' | 'down' } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const nameOf = (s: Slot) => (s.of > 1 ? t('circle.order.handOf', { name: s.name, nth: s.nth, of: s.of }) : s.name);

  useEffect(() => {
    const f = focusNext.current;
    if (!f) return;
    focusNext.current = null;
    // At the top or the bottom the button pressed is disabled: the other one takes the focus.
    const index = slots.findIndex((s) => s.key === f.key);
    const dir = (f.dir === 'up' && index === 0) || (f.dir === 'down' && index === slots.length - 1) ? (f.dir === 'up' ? 'down' : 'up') : f.dir;
    buttons.current.get(`${f.key}:${dir}`)?.focus();
  }, [slots]);

  const move = (index: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= slots.length) return;
    const next = [...slots];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    focusNext.current = { key: moved!.key, dir };
    setSaid(t('circle.order.moved', { name: nameOf(moved!), round: to + 1 }));
    onChange(next);
  };

  return (
    <Stack gap="2">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontWeight="medium" id="payout-order">
          {t('circle.order.title')}
        </Text>
        <Button size="xs" variant="ghost" onClick={() => { setSaid(t('circle.order.resetDone')); onReset(); }}>
          <RotateCcw aria-hidden /> {t('circle.order.reset')}
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('circle.order.help')}
      </Text>
      <RuledList as="ol" aria-labelledby="payout-order" borderWidth="1px" rounded="md" px="3"  data-testid="order-editor">
        {slots.map((s, i) => (
          <HStack as="li" key={s.key} py="2" gap="3" justify="space-between" data-testid="order-slot">
            <HStack gap="3" minW="0">
              <Badge variant="outline" flexShrink={0}>
                {t('circle.order.round', { number: i + 1 })}
              </Badge>
              <Text overflowWrap="anywhere">{nameOf(s)}</Text>
            </HStack>
            <HStack gap="1" flexShrink={0}>
              <IconButton
                ref={(el) => {
                  if (el) buttons.current.set(`${s.key}:up`, el);
                  else buttons.current.delete(`${s.key}:up`);
                }}
                size="sm"
                variant="outline"
                aria-label={t('circle.order.up', { name: nameOf(s), round: i + 1 })}
                disabled={i === 0}
                onClick={() => move(i, 'up')}
              >
                <ArrowUp aria-hidden />
              </IconButton>
              <IconButton
                ref={(el) => {
                  if (el) buttons.current.set(`${s.key}:down`, el);
                  else buttons.current.delete(`${s.key}:down`);
                }}
                size="sm"
                variant="outline"
                aria-label={t('circle.order.down', { name: nameOf(s), round: i + 1 })}
                disabled={i === slots.length - 1}
                onClick={() => move(i, 'down')}
              >
                <ArrowDown aria-hidden />
              </IconButton>
            </HStack>
          </HStack>
        ))}
      </RuledList>
      <VisuallyHidden aria-live="polite">{said}</VisuallyHidden>
    </Stack>
  );
}
