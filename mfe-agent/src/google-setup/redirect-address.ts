import { GOOGLE_OAUTH_CALLBACK_PATH } from '@listready/contracts/invitation';

/** The address Google sends the browser back to, which the operator registers on the OAuth client. */
export const redirectAddress = (): string => `${window.location.origin}${GOOGLE_OAUTH_CALLBACK_PATH}`;
