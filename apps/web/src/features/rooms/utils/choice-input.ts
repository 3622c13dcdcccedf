/** A choice's own input over its whole label, unseen: the label is what shows, the input what is clicked and read. */
export const CHOICE_INPUT = 'absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0';
