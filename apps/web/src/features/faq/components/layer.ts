/**
 * The chatbot's stacking level: above the fixed top bar (100) and the page, below Mantine's modals,
 * drawers and their overlays (200), so an open navigation menu or dialog covers the chat button.
 */
export const CHAT_Z_INDEX = 150;
