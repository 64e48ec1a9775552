import type { DialogRootProps } from '@chakra-ui/react';
import { useState, type ReactElement, type ReactNode } from 'react';
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
