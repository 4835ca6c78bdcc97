/** The branding form's fields are the design system's (the seller's profile uses the same). */
export { controlClasses, FormField as Field, TextInput } from '@listready/ui';
