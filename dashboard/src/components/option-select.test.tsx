import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { withApp } from '../test-support/with-app.tsx';
import { OptionSelect } from './option-select.tsx';

it('lists the options, shows the value and reports the one picked', async () => {
  const onChange = vi.fn();
  render(
    <OptionSelect
      options={[
        { value: 'a', label: 'Alpha' },
        { value: 2, label: 'Two' },
      ]}
      fieldProps={{
        'aria-label': 'Pick',
        'data-testid': 'pick',
        value: 'a',
        onChange: (e) => onChange(e.currentTarget.value),
      }}
    />,
    { wrapper: withApp(new QueryClient()) },
  );
  const select = screen.getByRole('combobox', { name: 'Pick' });
  expect(select).toBe(screen.getByTestId('pick'));
  expect((select as HTMLSelectElement).value).toBe('a');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Alpha', 'Two']);
  await userEvent.selectOptions(select, 'Two');
  expect(onChange).toHaveBeenCalledWith('2');
});
