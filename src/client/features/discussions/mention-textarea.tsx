import { Box, HStack, Spinner, Stack, Text, Textarea, type TextareaProps } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { forwardRef, useEffect, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { MENTION_PATTERN } from '@shared/discussions/rules';
import { useTranslation } from 'react-i18next';
import { mentionableQuery } from './queries';
import { insertMention, mentionAt, mentionsToDisplay, mentionsToMarkup, type MentionRef } from './mentions';
import type { Mentionable } from './types';

/*
 * A Markdown textarea with the @mention autocomplete: typing @ and a few letters asks the server
 * (debounced) for the members whose name starts with them, listed under the field. Up and down
 * move through them, Enter or Tab puts the member in, Escape closes the list. The person reads and
 * edits "@Name"; the value handed up keeps the `@[Name](id)` token the server needs (mentions.ts
 * maps one to the other, so a chosen name typed over becomes plain text again).
 * The textarea points at the list (aria-controls) and the highlighted member
 * (aria-activedescendant); a polite live region says how many were found.
 */

type Props = Omit<TextareaProps, 'value' | 'onChange'> & {
  communityId: number;
  value: string;
  onValueChange: (value: string) => void;
  /** Tells the surrounding dialog the list is open (Escape then closes the list, not the dialog). */
  onListOpenChange?: (open: boolean) => void;
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export const MentionTextarea = forwardRef<HTMLTextAreaElement, Props>(function MentionTextarea({ communityId, value, onValueChange, onListOpenChange, onKeyDown, ...textarea }, ref) {
  const { t } = useTranslation();
  const inner = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => inner.current!, []);
  const listId = useId();
  const [mention, setMention] = useState<{ start: number; prefix: string } | null>(null);
  const [active, setActive] = useState(0);
  const prefix = useDebounced(mention?.prefix ?? null, 200);
  const q = useQuery({ ...mentionableQuery(communityId, prefix ?? ''), enabled: mention !== null && prefix !== null });
  const options: Mentionable[] = mention && q.data ? q.data : [];
  const open = mention !== null && prefix !== null;
  const listed = open && options.length > 0;
  // The field shows names; `value` (and what goes up) holds the tokens.
  const shown = useMemo(() => mentionsToDisplay(value), [value]);
  const chosen = useRef<MentionRef[]>([]);
  const known = () => [...shown.mentions, ...chosen.current];
  const change = (text: string) => onValueChange(mentionsToMarkup(text, known()));

  useEffect(() => onListOpenChange?.(open), [open, onListOpenChange]);
  useEffect(() => setActive(0), [prefix]);

  const track = (el: HTMLTextAreaElement) => {
    const at = el.selectionStart === el.selectionEnd ? mentionAt(el.value, el.selectionStart) : null;
    setMention((prev) => (prev?.start === at?.start && prev?.prefix === at?.prefix ? prev : at));
  };

  const choose = (m: Mentionable) => {
    const el = inner.current;
    if (!el || !mention) return;
    const token = new RegExp(MENTION_PATTERN.source).exec(m.token);
    if (token) chosen.current = [...chosen.current, { name: token[1]!, id: token[2]! }];
    const next = insertMention(shown.text, mention.start, el.selectionStart, token ? `@${token[1]}` : m.token);
    change(next.text);
    setMention(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <Stack gap="1" w="full">
      <Textarea
        {...textarea}
        ref={inner}
        value={shown.text}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={listed ? optionId(Math.min(active, options.length - 1)) : undefined}
        onChange={(e) => {
          change(e.target.value);
          track(e.target);
        }}
        onClick={(e) => track(e.currentTarget)}
        onKeyUp={(e) => {
          if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End') track(e.currentTarget);
        }}
        onBlur={() => setMention(null)}
        onKeyDown={(e) => {
          if (open && e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            setMention(null);
            return;
          }
          if (listed) {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const step = e.key === 'ArrowDown' ? 1 : -1;
              setActive((i) => (i + step + options.length) % options.length);
              return;
            }
            if (e.key === 'Enter' || e.key === 'Tab') {
              e.preventDefault();
              choose(options[Math.min(active, options.length - 1)]!);
              return;
            }
          }
          onKeyDown?.(e);
        }}
      />
      {open && (
        <Box borderWidth="1px" rounded="md" bg="bg.panel" boxShadow="sm" overflow="hidden">
          {q.isFetching && !q.data ? (
            <HStack gap="2" px="3" py="2" color="fg.muted" fontSize="sm">
              <Spinner size="xs" />
              <Text>{t('discussions.mention.searching')}</Text>
            </HStack>
          ) : options.length === 0 ? (
            <Text px="3" py="2" color="fg.muted" fontSize="sm">
              {t('discussions.mention.none', { prefix: mention.prefix })}
            </Text>
          ) : null}
          <Box
            as="ul"
            id={listId}
            role="listbox"
            aria-label={t('discussions.mention.suggestions')}
            listStyleType="none"
            m="0"
            p="1"
            maxH="48"
            overflowY="auto"
            display={options.length ? 'block' : 'none'}
          >
            {options.map((m, i) => {
              const selected = i === Math.min(active, options.length - 1);
              return (
                <Box
                  as="li"
                  key={m.userId}
                  id={optionId(i)}
                  role="option"
                  aria-selected={selected}
                  data-testid="mention-option"
                  px="2"
                  py="1.5"
                  rounded="sm"
                  cursor="pointer"
                  bg={selected ? 'brand.subtle' : undefined}
                  color={selected ? 'brand.fg' : undefined}
                  _hover={{ bg: 'bg.muted' }}
                  // Keep the focus in the textarea: the choice goes in at its caret.
                  onMouseDown={(e: React.MouseEvent) => e.preventDefault()}
                  onClick={() => choose(m)}
                  onMouseEnter={() => setActive(i)}
                >
                  <Text as="span" fontWeight="medium">
                    {m.name}
                  </Text>
                  {m.username && (
                    <Text as="span" color="fg.muted" fontSize="sm" ms="2">
                      @{m.username}
                    </Text>
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>
      )}
      <Text className="sr-only" aria-live="polite">
        {listed ? `${t('discussions.mention.count', { count: options.length })} ${t('discussions.mention.hint')}` : ''}
      </Text>
    </Stack>
  );
});
