import { CloseButton, Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';

/**
 * A list's search field: what is typed stays in the box, Enter searches (`onSearch`, trimmed),
 * and our own clear button stands in for the browser's, which not every browser draws.
 */
export function SearchBox(props: { typed: string; onType: (text: string) => void; onSearch: (text: string) => void; label: string; placeholder: string; clearLabel: string; testId: string }) {
  const { typed, onType } = props;
  return (
    <InputGroup w="full" startElement={<Search size={16} aria-hidden />} endElement={typed ? <CloseButton size="xs" aria-label={props.clearLabel} onClick={() => onType('')} /> : undefined}>
      <Input
        type="search"
        enterKeyHint="search"
        css={{ '&::-webkit-search-cancel-button': { display: 'none' } }}
        value={typed}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') props.onSearch(typed.trim());
        }}
        maxLength={100}
        aria-label={props.label}
        placeholder={props.placeholder}
        data-testid={props.testId}
      />
    </InputGroup>
  );
}
