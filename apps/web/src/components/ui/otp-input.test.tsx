import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { joinOtpSlots, OtpInput, otpDigits, otpSlots } from './otp-input.tsx';

const changes = vi.fn<(value: string) => void>();

function Harness({ initial = '', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput
        label="Verification code"
        value={value}
        error={error}
        onChange={(next) => {
          changes(next);
          setValue(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 4` });
const value = () => screen.getByTestId('value').textContent;

describe('otp helpers', () => {
  it('keeps positions with spaces for empty boxes', () => {
    expect(otpSlots('1 34', 4)).toEqual(['1', '', '3', '4']);
    expect(joinOtpSlots(['1', '', '3', ''])).toBe('1 3');
    expect(joinOtpSlots(['', '', '', ''])).toBe('');
  });

  it('reads Arabic-Indic and Eastern Arabic-Indic digits as ASCII and drops the rest', () => {
    expect(otpDigits('١٢٣٤')).toBe('1234');
    expect(otpDigits('۵۶۷۸')).toBe('5678');
    expect(otpDigits(' 12-a3 ')).toBe('123');
  });
});

describe('OtpInput', () => {
  it('has four labelled numeric boxes in a left-to-right group', () => {
    renderWithProviders(<Harness />, 'ar');
    const group = screen.getByRole('group', { name: 'Verification code' });
    expect(group).toHaveAttribute('dir', 'ltr');
    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(4);
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual([
      'الرقم 1 من 4',
      'الرقم 2 من 4',
      'الرقم 3 من 4',
      'الرقم 4 من 4',
    ]);
    for (const b of boxes) expect(b).toHaveAttribute('inputmode', 'numeric');
    expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByTestId('otp-input-4')).toBe(boxes[3]);
  });

  it('moves to the next box as digits are typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(box(1));
    await user.keyboard('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('234');
    expect(value()).toBe('1234');
    expect(box(4)).toHaveFocus();
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual(['1', '2', '3', '4']);
  });

  it('ignores letters and symbols', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(box(1));
    await user.keyboard('a-');
    expect(value()).toBe('');
    expect(box(1)).toHaveFocus();
    expect(box(1)).toHaveValue('');
  });

  it('accepts Arabic-Indic digits', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />, 'ar');
    await user.click(screen.getByRole('textbox', { name: 'الرقم 1 من 4' }));
    await user.keyboard('٤٣۲۱');
    expect(value()).toBe('4321');
  });

  it('fills every box from a pasted code, whichever box has focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(box(3));
    await user.paste(' 98-76 ');
    expect(value()).toBe('9876');
    expect(box(4)).toHaveFocus();
  });

  it('fills from the focused box when the paste is shorter than the code', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="1" />);
    await user.click(box(2));
    await user.paste('٥٦');
    expect(value()).toBe('156');
    expect(box(4)).toHaveFocus();
  });

  it('spreads a whole code autofilled into one box', () => {
    renderWithProviders(<Harness />);
    // What one-time-code autofill does: the whole code lands in the first box at once.
    fireEvent.change(box(1), { target: { value: '4821' } });
    expect(value()).toBe('4821');
    expect(box(4)).toHaveFocus();
  });

  it('Backspace clears the box, then goes back and clears the one before', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="1234" />);
    await user.click(box(4));
    await user.keyboard('{Backspace}');
    expect(value()).toBe('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(value()).toBe('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(value()).toBe('');
    expect(box(1)).toHaveFocus();
  });

  it('leaves a hole when a middle box is cleared, so the code reads as incomplete', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="1234" />);
    await user.click(box(2));
    await user.keyboard('{Backspace}');
    expect(value()).toBe('1 34');
  });

  it('replaces the digit of a filled box', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="1234" />);
    await user.click(box(2));
    await user.keyboard('9');
    expect(value()).toBe('1934');
    expect(box(3)).toHaveFocus();
  });

  it('moves with the arrow keys in visual order', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="1234" />, 'ar');
    const boxes = screen.getAllByRole('textbox');
    await user.click(boxes[1] as HTMLElement);
    await user.keyboard('{ArrowRight}');
    expect(boxes[2]).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(boxes[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(boxes[3]).toHaveFocus();
  });

  it('shows its error and marks every box invalid', () => {
    renderWithProviders(<Harness error="Please enter the complete OTP code" />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAccessibleDescription(
      'Please enter the complete OTP code',
    );
    for (const b of screen.getAllByRole('textbox')) expect(b).toHaveAttribute('aria-invalid', 'true');
  });
});
