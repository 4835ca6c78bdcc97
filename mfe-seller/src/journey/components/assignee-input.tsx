import { useId, type ComponentProps } from 'react';

/**
 * The assignee field: free text, with the household's people offered as suggestions (a datalist,
 * so any other name can still be typed).
 */
export function AssigneeInput({ names, ...props }: ComponentProps<'input'> & { names: readonly string[] }) {
  const listId = useId();
  return (
    <>
      <input type="text" maxLength={100} list={names.length > 0 ? listId : undefined} {...props} />
      {names.length > 0 && (
        <datalist id={listId} data-testid="assignee-options">
          {names.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
    </>
  );
}
