import { Switch, Text } from '@chakra-ui/react';

/**
 * A setting that is on or off, saved as it is flipped: the switch with its label, and under it the
 * hint that says what it means (the switch's description). `id` names the hidden input.
 */
export function SettingSwitch(props: { id: string; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; label: string; hint: string }) {
  return (
    <>
      <Switch.Root checked={props.checked} onCheckedChange={(e) => props.onChange(e.checked)} disabled={props.disabled} colorPalette="brand" ids={{ hiddenInput: props.id }}>
        <Switch.HiddenInput aria-describedby={`${props.id}-hint`} />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{props.label}</Switch.Label>
      </Switch.Root>
      <Text id={`${props.id}-hint`} fontSize="sm" color="fg.muted">
        {props.hint}
      </Text>
    </>
  );
}
