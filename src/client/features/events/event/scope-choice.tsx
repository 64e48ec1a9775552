import { chakra, Stack } from '@chakra-ui/react';

/**
 * A short either/or (this event only, or the rest of its series too): native radio buttons in a
 * fieldset, so the keyboard and screen readers treat it as the one choice it is.
 */
export function ScopeChoice<T extends string>(props: { name: string; legend: string; value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <chakra.fieldset border="0" p="0" m="0" minW="0" data-testid={props.name}>
      <chakra.legend fontWeight="medium" fontSize="sm" mb="2">
        {props.legend}
      </chakra.legend>
      <Stack gap="2">
        {props.options.map((o) => (
          <chakra.label key={o.value} display="flex" gap="2.5" alignItems="flex-start" cursor="pointer" fontSize="sm">
            <chakra.input
              type="radio"
              name={props.name}
              value={o.value}
              checked={props.value === o.value}
              onChange={() => props.onChange(o.value)}
              w="4"
              h="4"
              mt="0.5"
              flexShrink={0}
              accentColor="brand.solid"
              cursor="pointer"
            />
            <span>{o.label}</span>
          </chakra.label>
        ))}
      </Stack>
    </chakra.fieldset>
  );
}
