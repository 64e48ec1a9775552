import { Button, Dialog, Input, Stack, Text } from '@chakra-ui/react';
import { ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonWithIcon } from '../../../components/button-with-icon';
import { DialogFrame } from '../../../components/dialog-frame';
import { FormField } from '../../../components/form-field';
import { enqueue } from '../../../lib/offline/queue';
import { frameReader, openCamera } from './camera';
import { memberByCode } from './codes';
import type { RosterEntry } from './queries';

/** How often a frame is read: often enough to feel instant, rarely enough for an old phone. */
const READ_EVERY_MS = 250;

/**
 * Check-in by a member's code: the camera reads the QR code the member's phone shows, or the
 * secretary types the short code under it. The code is matched against the roster the phone
 * holds, so it works offline; the check-in is a record of the queue like a tap on the list.
 */
export function ScanDialog({ meetingId, roster }: { meetingId: number; roster: readonly RosterEntry[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      title={t('meetingDay.scan.title')}
      size={{ base: 'full', md: 'md' }}
      trigger={
        <ButtonWithIcon icon={ScanLine} size="lg" colorPalette="brand" data-testid="meeting-day-scan">
          {t('meetingDay.scan.open')}
        </ButtonWithIcon>
      }
    >
      {open && <Scanner meetingId={meetingId} roster={roster} onDone={() => setOpen(false)} />}
    </DialogFrame>
  );
}

function Scanner({ meetingId, roster, onDone }: { meetingId: number; roster: readonly RosterEntry[]; onDone: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | 'none'>('starting');
  const [typed, setTyped] = useState('');
  const [unknown, setUnknown] = useState(false);
  const [checked, setChecked] = useState<string[]>([]);
  const seen = useRef(new Set<string>());

  const checkIn = (text: string): boolean => {
    const member = memberByCode(roster, text);
    if (!member) return false;
    if (seen.current.has(member.userId)) return true;
    seen.current.add(member.userId);
    void enqueue({ op: 'meetings.checkIn', input: { meetingId, code: member.code }, label: t('meetingDay.label.checkIn', { name: member.name }) });
    setChecked((c) => [...c, member.name]);
    return true;
  };
  // The reading loop sees the latest roster and queue without restarting the camera.
  const checkInRef = useRef(checkIn);
  checkInRef.current = checkIn;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    void (async () => {
      stream = await openCamera();
      const el = video.current;
      if (stopped || !stream || !el) {
        stream?.getTracks().forEach((track) => track.stop());
        if (!stopped) setCamera('none');
        return;
      }
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      setCamera('on');
      const read = await frameReader(el);
      const tick = async () => {
        if (stopped) return;
        const text = await read();
        if (text) checkInRef.current(text);
        timer = setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const ok = checkIn(typed);
    setUnknown(!ok);
    if (ok) setTyped('');
  };

  return (
    <>
      <Dialog.Body>
        <Stack gap="3">
          <Text color="fg.muted">{t('meetingDay.scan.intro')}</Text>
          <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, display: camera === 'on' ? 'block' : 'none', background: 'black' }} data-testid="meeting-day-video" />
          {camera === 'starting' && <Text fontSize="sm">{t('meetingDay.scan.starting')}</Text>}
          {camera === 'none' && <Text fontSize="sm">{t('meetingDay.scan.noCamera')}</Text>}
          <form onSubmit={submit}>
            <Stack direction="row" align="end" gap="2">
              <FormField name="code" label={t('meetingDay.scan.code')} error={unknown ? t('meetingDay.scan.unknown') : undefined}>
                <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoCapitalize="characters" size="lg" />
              </FormField>
              <Button type="submit" size="lg" colorPalette="brand">
                {t('meetingDay.scan.submit')}
              </Button>
            </Stack>
          </form>
          {checked.map((name) => (
            <Text key={name} role="status" color="green.fg" data-testid="meeting-day-checked">
              {t('meetingDay.scan.done', { name })}
            </Text>
          ))}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onDone}>
          {t('meetingDay.scan.close')}
        </Button>
      </Dialog.Footer>
    </>
  );
}
