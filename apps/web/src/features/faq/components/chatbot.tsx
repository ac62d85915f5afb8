export function Chatbot() {
  return null;
}
