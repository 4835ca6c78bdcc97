/** The profile's fields are the design system's (the agent's calendar card uses them too). */
export { controlClasses, FormField, TextInput } from '@listready/ui';
