import type { DialogRootProps } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './dialog-frame';

/**
 * A dialog whose form is mounted only while it is open, so every opening starts from fresh
 * values; `children` gets `close` for Cancel and after a successful save.
 */
export function FormDialog(props: {
  title: string;
  trigger: ReactElement;
  size?: DialogRootProps['size'];
  children: (close: () => void) => ReactNode;
  /** Open on mount: a form loaded by its first opening (components/lazy-dialog.tsx). */
  defaultOpen?: boolean;
  /** 'alertdialog' for a form that asks before an action (components/reason-dialog.tsx). */
  role?: 'dialog' | 'alertdialog';
}) {
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  return (
    <DialogFrame open={open} onOpenChange={setOpen} title={props.title} trigger={props.trigger} size={props.size} role={props.role} scrollBehavior="inside">
      {open && props.children(() => setOpen(false))}
    </DialogFrame>
  );
}

/**
 * A FormDialog that holds one form, as most "New …" and "Edit …" dialogs do: the dialog takes the
 * form's props (all but `onDone`) and its `trigger`, names itself with `title` from them, and
 * gives the form `onDone` to close it (Cancel, or after a save).
 */
export function formDialog<P extends { onDone: () => void }>(Form: ComponentType<P>, title: (t: TFunction, props: Omit<P, 'onDone'>) => string, size?: DialogRootProps['size']) {
  return function OneFormDialog({ trigger, defaultOpen, ...props }: Omit<P, 'onDone'> & { trigger: ReactElement; defaultOpen?: boolean }) {
    const { t } = useTranslation();
    const formProps = props as unknown as Omit<P, 'onDone'>;
    return (
      <FormDialog title={title(t, formProps)} trigger={trigger} size={size} defaultOpen={defaultOpen}>
        {(close) => <Form {...(formProps as P)} onDone={close} />}
      </FormDialog>
    );
  };
}
