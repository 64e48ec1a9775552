import { Box, Button, HStack, Image, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Camera, FileText, Paperclip } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_EXPENSE_RECEIPTS } from '@shared/schemas/finances';
import { isPdfProof } from '@shared/proofs';
import { PickButtons } from '../../components/image-picker';
import { notify } from '../../components/toaster';
import { i18next } from '../../i18n';

/** What the file picker offers: the photos the server re-encodes, and PDFs. */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,application/pdf,.pdf';
/** The server's limit (uploads/images.ts), checked here first so nobody waits for a refusal. */
const MAX_BYTES = 5 * 1024 * 1024;

/** A stored proof is a PDF by its name: the server names each upload after what it made of it. */
const isPdf = isPdfProof;

/**
 * Sends a proof (a photo or a PDF) to POST /api/uploads as kind=proof; resolves with its URL or
 * rejects with the server's message. Photos are kept whole, PDFs rewritten by the server.
 */
async function uploadProof(file: File): Promise<string> {
  if (file.size > MAX_BYTES) throw new Error(i18next.t('errors.upload.fileTooLarge'));
  const body = new FormData();
  body.append('kind', 'proof');
  body.append('file', file);
  const res = await fetch('/api/uploads', { method: 'POST', body, credentials: 'same-origin' });
  const json = (await res.json().catch(() => null)) as { url?: string; error?: string } | null;
  if (!res.ok || !json?.url) throw new Error(json?.error ?? `${res.status}: ${res.statusText || i18next.t('common.image.uploadFailed')}`);
  return json.url;
}

/**
 * A link to a stored proof, served by its private route to the payer and those who confirm it. A
 * PDF is served only as a download, so its link says so and downloads; a photo opens in a new tab.
 */
export function ProofLink({ url, label, pdfLabel }: { url: string; label: string; pdfLabel: string }) {
  return isPdf(url) ? (
    <Link href={url} download fontSize="sm" color="brand.fg" alignSelf="flex-start">
      <FileText size={14} aria-hidden /> {pdfLabel}
    </Link>
  ) : (
    <Link href={url} target="_blank" rel="noopener noreferrer" fontSize="sm" color="brand.fg" alignSelf="flex-start">
      {label}
    </Link>
  );
}

/** An uploaded file in a form: the photo itself, or a chip naming the PDF (a PDF has no preview), which downloads it. */
function ProofPreview({ url, name, small }: { url: string; name: string; small?: boolean }) {
  if (isPdf(url)) {
    return (
      <HStack gap="2" px="3" py="2" rounded="md" borderWidth="1px" bg="bg.subtle" alignSelf="flex-start" maxW="full" data-testid="proof-pdf">
        <FileText size={18} aria-hidden />
        <Link href={url} download fontSize="sm" color="brand.fg">
          {name}
        </Link>
      </HStack>
    );
  }
  return (
    <Box maxW={small ? '24' : 'xs'} rounded="md" overflow="hidden" borderWidth="1px" flexShrink={0}>
      <Image src={url} alt={name} w="full" />
    </Box>
  );
}

/** The hidden file input and the upload it starts; `pick` opens the browser's picker. */
function useProofInput(onUploaded: (urls: string[]) => void, slots: number) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  async function onFiles(files: File[]) {
    if (!files.length) return;
    // The picker cannot cap how many files are chosen: the ones beyond the limit are left out, and said so.
    if (files.length > slots) notify.info(t('errors.finances.tooManyReceipts'));
    setBusy(true);
    const urls: string[] = [];
    try {
      // One after the other, so a refusal names the file it is about and the others still count.
      for (const file of files.slice(0, slots)) urls.push(await uploadProof(file));
    } catch (e) {
      notify.error(t('finances.proof.uploadFailed'), e instanceof Error ? e.message : t('common.image.tryAnother'));
    } finally {
      if (urls.length) onUploaded(urls);
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  return { input, busy, onFiles, pick: () => input.current?.click() };
}

/**
 * One proof of payment, a photo of the receipt or of the confirmation SMS, or a PDF: uploaded at
 * once; the form keeps the returned URL.
 */
export function ProofPicker(props: { id: string; label: string; value: string | null; onChange: (url: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const { input, busy, onFiles, pick } = useProofInput((urls) => props.onChange(urls[0] ?? null), 1);
  return (
    <Stack gap="2">
      {props.value && <ProofPreview url={props.value} name={t(isPdf(props.value) ? 'finances.proof.pdfFile' : 'finances.proof.preview')} />}
      <VisuallyHidden asChild>
        <input
          ref={input}
          id={props.id}
          type="file"
          aria-label={props.label}
          accept={ACCEPT}
          onChange={(e) => void onFiles([...(e.target.files ?? [])])}
          data-testid={props.testId}
        />
      </VisuallyHidden>
      <PickButtons busy={busy} onPick={pick} onRemove={props.value ? () => props.onChange(null) : undefined}>
        <Camera aria-hidden /> {props.value ? t('finances.proof.change') : t('finances.proof.add')}
      </PickButtons>
      <Text fontSize="xs" color="fg.muted">
        {t('finances.proof.hint')}
      </Text>
    </Stack>
  );
}

/**
 * An expense's receipts, up to MAX_EXPENSE_RECEIPTS photos or PDFs: each listed with its own
 * Remove button; several can be chosen at once. The count is announced as it changes.
 */
export function ReceiptsPicker(props: { id: string; label: string; value: string[]; onChange: (urls: string[]) => void; testId: string }) {
  const { t } = useTranslation();
  const hint = useId();
  const left = MAX_EXPENSE_RECEIPTS - props.value.length;
  const addButton = useRef<HTMLButtonElement>(null);
  const { input, busy, onFiles, pick } = useProofInput((urls) => props.onChange([...props.value, ...urls].slice(0, MAX_EXPENSE_RECEIPTS)), left);
  const remove = (url: string) => {
    props.onChange(props.value.filter((u) => u !== url));
    // The removed row's button is gone: focus goes somewhere that stays.
    addButton.current?.focus();
  };
  return (
    <Stack gap="2">
      {props.value.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" data-testid={`${props.testId}-list`}>
          {props.value.map((url, i) => {
            const name = t(isPdf(url) ? 'finances.expenses.receiptPdf' : 'finances.expenses.receiptPhoto', { number: i + 1 });
            return (
              <HStack as="li" key={url} gap="3" justify="space-between" flexWrap="wrap" data-testid="receipt-item">
                <HStack gap="3" minW="0">
                  <ProofPreview url={url} name={name} small />
                  {!isPdf(url) && <Text fontSize="sm">{name}</Text>}
                </HStack>
                <Button size="xs" variant="ghost" colorPalette="red" onClick={() => remove(url)} disabled={busy} aria-label={t('finances.expenses.removeReceipt', { number: i + 1 })}>
                  {t('common.remove')}
                </Button>
              </HStack>
            );
          })}
        </Stack>
      )}
      <VisuallyHidden asChild>
        <input
          ref={input}
          id={props.id}
          type="file"
          multiple
          aria-label={props.label}
          aria-describedby={hint}
          accept={ACCEPT}
          disabled={left <= 0}
          onChange={(e) => void onFiles([...(e.target.files ?? [])])}
          data-testid={props.testId}
        />
      </VisuallyHidden>
      <HStack gap="2" flexWrap="wrap">
        <Button ref={addButton} size="sm" variant="outline" onClick={pick} loading={busy} loadingText={t('common.image.uploading')} disabled={left <= 0} aria-describedby={hint}>
          <Paperclip aria-hidden /> {t('finances.expenses.addReceipt')}
        </Button>
      </HStack>
      <Text id={hint} fontSize="xs" color="fg.muted" aria-live="polite">
        {t('finances.expenses.receiptsHint', { count: props.value.length, max: MAX_EXPENSE_RECEIPTS })}
      </Text>
    </Stack>
  );
}
