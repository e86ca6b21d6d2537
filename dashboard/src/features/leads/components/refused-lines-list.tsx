import { Alert, List, Text } from '@chakra-ui/react';
import { countText } from '../utils/count-text.ts';
import type { RefusedLine } from '../utils/parse-lead-lines.ts';

/**
 * The pasted lines that are not leads, each with its line number and reason: before adding, they
 * "will be skipped"; after, they "were skipped". The first `shown` are listed, the rest counted.
 */
export function RefusedLinesList({
  refused,
  shown,
  added,
}: {
  refused: RefusedLine[];
  shown: number;
  added: boolean;
}) {
  if (refused.length === 0) return null;
  const more = refused.length - shown;
  return (
    <Alert.Root status="warning" data-testid="refused-lines">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {countText(refused.length, 'line', 'lines')}{' '}
          {added ? (refused.length === 1 ? 'was' : 'were') : 'will be'} skipped
        </Alert.Title>
        <List.Root as="ul" fontSize="sm" ps="4" mt="1" gap="0.5">
          {refused.slice(0, shown).map((r) => (
            <List.Item key={r.line} data-testid="refused-line">
              Line {r.line}: {r.reason} —{' '}
              <Text as="span" fontFamily="mono" wordBreak="break-all">
                "{r.text.slice(0, 80)}"
              </Text>
            </List.Item>
          ))}
        </List.Root>
        {more > 0 && <Text fontSize="sm">and {countText(more, 'more line', 'more lines')}.</Text>}
      </Alert.Content>
    </Alert.Root>
  );
}
