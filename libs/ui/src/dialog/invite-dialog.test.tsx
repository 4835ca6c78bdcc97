import { useRef, useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InviteDialog, type InviteDialogProps } from './invite-dialog.tsx';
import type { InviteFieldErrors, InviteFormValues } from './invite-dialog.tsx';

afterEach(cleanup);

/** A stand-in for the caller's schema: the dialog shows whatever it answers, under its field. */
const validate = (values: InviteFormValues): InviteFieldErrors => ({
  ...(values.name.trim().length < 2 ? { name: 'Name must be at least 2 characters' } : {}),
  ...(values.email.includes('@') ? {} : { email: 'Invalid email address' }),
});

function Harness(props: Partial<InviteDialogProps> & { startOpen?: boolean }) {
  const [open, setOpen] = useState(props.startOpen ?? true);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <InviteDialog
        open={open}
        onOpenChange={setOpen}
        title="Invite Client"
        description="Send an invitation."
        validate={validate}
        onSubmit={() => undefined}
        sending={false}
        returnFocusRef={opener}
        {...props}
      />
    </>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: /Send Invitation|Sending/ });
const errorOf = (label: string) =>
  document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent;

describe('InviteDialog', () => {
  it('is a labelled dialog with name, email and an optional phone number', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Invite Client' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Send an invitation.')).toBeTruthy();
    expect(field('Name').type).toBe('text');
    expect(field('Email').type).toBe('email');
    expect(field('Phone number (optional)').type).toBe('tel');
    expect(submitButton().textContent).toBe('Send Invitation');
  });

  it('shows the validation messages under their fields, sends nothing and focuses the first', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    type('Name', 'A');
    fireEvent.click(submitButton());
    expect(errorOf('Name')).toBe('Name must be at least 2 characters');
    expect(errorOf('Email')).toBe('Invalid email address');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Phone number (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Name'));
    expect(onSubmit).not.toHaveBeenCalled();

    // After a refused submit every change checks again: a fixed field loses its message.
    type('Name', 'Al');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(errorOf('Email')).toBe('Invalid email address');
  });

  it('does not show messages while the first attempt is being typed', () => {
    render(<Harness />);
    type('Email', 'not-yet');
    expect(screen.queryByText('Invalid email address')).toBeNull();
  });

  it('hands valid values over, the optional phone number empty when left out', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    type('Name', 'Sam Seller');
    type('Email', 'sam@example.com');
    fireEvent.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Sam Seller', email: 'sam@example.com', phoneNumber: '' });
  });

  it('while sending, the button reads Sending..., is disabled and a submit is blocked', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} sending />);
    type('Name', 'Sam Seller');
    type('Email', 'sam@example.com');
    expect(submitButton().textContent).toBe('Sending...');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect(submitButton().getAttribute('aria-busy')).toBe('true');
    fireEvent.submit(submitButton().closest('form') as HTMLFormElement);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's field messages until their field changes", () => {
    const { rerender } = render(<Harness />);
    rerender(<Harness serverErrors={{ phoneNumber: 'Phone number must be a valid phone number' }} />);
    expect(errorOf('Phone number (optional)')).toBe('Phone number must be a valid phone number');
    type('Phone number (optional)', '555-0100');
    expect(screen.queryByText('Phone number must be a valid phone number')).toBeNull();
  });

  it('Cancel closes it; reopened, it is empty again and focus went back to the opener', async () => {
    render(<Harness />);
    type('Name', 'Sam Seller');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Open'));
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    expect(field('Name').value).toBe('');
  });
});
