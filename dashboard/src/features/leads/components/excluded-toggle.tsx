import { Button, Group } from '@chakra-ui/react';

const OPTIONS = [
  { value: false, label: 'Not excluded' },
  { value: true, label: 'Excluded' },
] as const;

/** Switches the leads list between "Not excluded" and "Excluded" leads. */
export function ExcludedToggle({ value, onChange }: { value: boolean; onChange: (next: boolean) => void }) {
  return (
    <Group attached role="group" aria-label="Which leads to show">
      {OPTIONS.map((option) => (
        <Button
          key={option.label}
          size="sm"
          variant={value === option.value ? 'solid' : 'outline'}
          aria-pressed={value === option.value}
          data-testid={option.value ? 'show-excluded' : 'show-not-excluded'}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
