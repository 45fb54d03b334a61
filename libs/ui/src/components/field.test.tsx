import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Checkbox, RadioGroup, Select, TextArea, TextField } from './field';

describe('TextField', () => {
  it('names the input by its label and reads the hint with it', () => {
    render(<TextField label="E-mail address" hint="We send the receipt here." name="email" />);
    const input = screen.getByLabelText('E-mail address');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const hint = screen.getByText('We send the receipt here.');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    expect(input).toHaveProperty('name', 'email');
  });

  it('marks the input invalid and reads the error after the hint', () => {
    render(<TextField label="Postcode" hint="Five digits." error="That is not a postcode." />);
    const input = screen.getByLabelText('Postcode');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const [hintId, errorId] = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(hintId)?.textContent).toBe('Five digits.');
    expect(document.getElementById(errorId)?.textContent).toBe('That is not a postcode.');
  });

  it('keeps an id it is given and a description the caller adds', () => {
    render(<TextField label="Name" id="name" aria-describedby="elsewhere" error="Required" marker="required" />);
    const input = screen.getByLabelText(/Name/);
    expect(input.id).toBe('name');
    expect(input.getAttribute('aria-describedby')).toBe('elsewhere name-error');
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps a visually hidden label as the accessible name', () => {
    render(<TextField label="Search products" hideLabel type="search" />);
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toBeTruthy();
  });
});

describe('TextArea, Select, Checkbox and RadioGroup', () => {
  it('wire their labels and errors like a text field', () => {
    render(
      <>
        <TextArea label="Message" error="Too short" marker="optional" />
        <Select label="Topic" hint="Pick one">
          <option value="a">A</option>
        </Select>
        <Checkbox label="Keep me posted" name="news" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: /Message/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('(optional)')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Topic' });
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Pick one');
    expect(screen.getByRole('checkbox', { name: 'Keep me posted' })).toBeTruthy();
  });

  it('a radio group reports the chosen value', () => {
    function Units() {
      const [unit, setUnit] = useState<'in' | 'cm'>('in');
      return (
        <>
          <RadioGroup
            legend="Units"
            name="unit"
            value={unit}
            onChange={setUnit}
            options={[
              { value: 'in', label: 'Inches' },
              { value: 'cm', label: 'Centimetres' },
            ]}
          />
          <output>{unit}</output>
        </>
      );
    }
    render(<Units />);
    expect(screen.getByRole('group', { name: 'Units' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Centimetres' }));
    expect(screen.getByRole('status').textContent).toBe('cm');
    expect(screen.getByRole('radio', { name: 'Centimetres' })).toHaveProperty('checked', true);
  });
});
