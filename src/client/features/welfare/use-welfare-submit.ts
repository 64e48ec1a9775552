import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { refreshWelfare } from './queries';

/** A success toast: its title, or its title and body from what the change returned. */
type Toast<T> = string | ((result: T) => [title: string, body?: string]);

/**
 * A welfare dialog's submit handlers: the change, its toast, the welfare (and standing and
 * finance) queries reloaded, then `onDone` (the dialog closed). A failure is toasted under
 * 'welfare.loadFailed' with `refusal` (the server's words unless told otherwise) and leaves the
 * dialog open.
 */
export function useWelfareSubmit(refusal: (error: unknown) => string = (error) => errorInfo(error).message) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return <T>(change: () => Promise<T>, toast: Toast<T>, onDone: () => void) =>
    async (e: FormEvent) => {
      e.preventDefault();
      try {
        const result = await change();
        const [title, body] = typeof toast === 'string' ? [toast] : toast(result);
        notify.success(title, body);
        await refreshWelfare(queryClient);
        onDone();
      } catch (error) {
        notify.error(t('welfare.loadFailed'), refusal(error));
      }
    };
}
