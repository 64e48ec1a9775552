import { Switch, Text, type SwitchRootProps } from '@chakra-ui/react';

/**
 * A labelled on/off switch. With an `id`, its hidden input carries it (so a label or a test can
 * find it); with a `hint` too, the hint is shown under the switch and describes it.
 */
export function SettingSwitch({
  id,
  label,
  hint,
  checked,
  onChange,
  ...root
}: {
  id?: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
} & Omit<SwitchRootProps, 'checked' | 'onCheckedChange' | 'onChange' | 'ids'>) {
  const hintId = id && hint ? `${id}-hint` : undefined;
  return (
    <>
      <Switch.Root checked={checked} onCheckedChange={(e) => onChange(e.checked)} colorPalette="brand" ids={id ? { hiddenInput: id } : undefined} {...root}>
        <Switch.HiddenInput aria-describedby={hintId} />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      {hint && (
        <Text id={hintId} fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      )}
    </>
  );
}
