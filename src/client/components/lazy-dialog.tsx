import { cloneElement, useEffect, useRef, useState, type ComponentType, type ReactElement, type SyntheticEvent } from 'react';
import { i18next } from '../i18n';
import { onceLoader } from '../lib/once-loader';
import { notify } from './toaster';

/*
 * Dialogs, drawers and their forms load with their first opening, not with the page. A page that
 * only shows things (a member's circles, the events list) then loads neither the form kit (zod
 * and the input schemas, the dialog machines) nor the forms: about 60 KB less over a phone's
 * connection before its heading shows (decision 019). The code starts loading when the pointer
 * reaches the trigger or the trigger gets focus, so by the click it has usually arrived. When it
 * cannot load (the connection dropped), a toast says so and the next click tries again: the page
 * stays as it was.
 */

type TriggerProps = {
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
  'aria-busy'?: boolean;
  onClick?: (e: SyntheticEvent) => void;
  onPointerEnter?: (e: SyntheticEvent) => void;
  onFocus?: (e: SyntheticEvent) => void;
  onTouchStart?: (e: SyntheticEvent) => void;
};

const failed = () => notify.error(i18next.t('common.errors.offline'));

/**
 * A component that opens a dialog from its `trigger` prop, loaded on the first click. Until then
 * the trigger is rendered alone; from then on the loaded component is rendered in its place,
 * opened at once (`defaultOpen`), and behaves as it always did (focus returns to its trigger).
 */
export function lazyDialog<P extends { trigger: ReactElement }>(load: () => Promise<ComponentType<P & { defaultOpen?: boolean }>>) {
  const dialog = onceLoader(load);
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    const [waiting, setWaiting] = useState(false);
    const Loaded = dialog.get();
    if (opened && Loaded) return <Loaded {...props} defaultOpen />;
    const trigger = props.trigger as ReactElement<TriggerProps>;
    const own = trigger.props;
    const warm = () => void dialog.start().catch(() => undefined);
    // What the loaded dialog's trigger says while it is closed, so that a screen reader hears the same before and after.
    return cloneElement(trigger, {
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      'aria-busy': waiting || undefined,
      onPointerEnter: (e) => {
        warm();
        own.onPointerEnter?.(e);
      },
      onTouchStart: (e) => {
        warm();
        own.onTouchStart?.(e);
      },
      onFocus: (e) => {
        warm();
        own.onFocus?.(e);
      },
      onClick: (e) => {
        own.onClick?.(e);
        if (waiting) return;
        setWaiting(true);
        dialog.start().then(
          () => setOpened(true),
          () => {
            setWaiting(false);
            failed();
          },
        );
      },
    });
  }
  return LazyDialog;
}

/**
 * A dialog opened from outside (`open`), loaded the first time it opens and kept from then on, so
 * that closing plays its exit animation and reopening is immediate. If it cannot load, `onFailed`
 * is told (to reset the opener's state) after the toast.
 */
export function lazyControlledDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>, onFailed: (props: P) => void) {
  const dialog = onceLoader(load);
  function LazyControlledDialog(props: P) {
    const [, setReady] = useState(0);
    const Loaded = dialog.get();
    const latest = useRef(props);
    latest.current = props;
    useEffect(() => {
      if (!props.open || Loaded) return;
      let live = true;
      dialog.start().then(
        () => live && setReady((n) => n + 1),
        () => {
          if (!live) return;
          failed();
          onFailed(latest.current);
        },
      );
      return () => {
        live = false;
      };
    }, [props.open, Loaded]);
    return Loaded ? <Loaded {...props} /> : null;
  }
  return LazyControlledDialog;
}
