/** The header logo's variants (spec seller §2, Logo); `ResponsiveLogo` shows the one for the screen. */
export type LogoVariant = 'icon' | 'horizontal' | 'stacked';
