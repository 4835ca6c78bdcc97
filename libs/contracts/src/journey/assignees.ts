/** Who a person is, for matching the free-text "Assigned to" of a household's tasks. */
export interface Assignee {
  firstName: string;
  lastName: string;
  email: string;
}

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * "Assigned to" is free text the household types (spec: a family member's name), so a task is a
 * person's when it names them as the household knows them: their first name, their full name or
 * their e-mail, in any case and spacing. One rule for the reminders and calendar feeds a member gets
 * (journey service) and the journey's "Assigned to me" (seller remote).
 */
export function isAssignedTo(assignedTo: string | null, person: Assignee): boolean {
  if (!assignedTo) return false;
  const named = normalized(assignedTo);
  if (named === '') return false;
  return [person.firstName, `${person.firstName} ${person.lastName}`, person.email]
    .map(normalized)
    .some((name) => name !== '' && name === named);
}
