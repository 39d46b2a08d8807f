export const APP_VERSION = '1.0.0';
export const SUPPORT_EMAIL = 'support@makan.example';
