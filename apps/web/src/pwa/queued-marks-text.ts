/** "1 mark waiting to send", "3 marks waiting to send". */
export const waitingText = (count: number): string =>
  `${count} mark${count === 1 ? '' : 's'} waiting to send`;
