/** An icon button's name: the action and, when the table says what its rows are, the row's object. */
export const withObject = (action: string, name: string | undefined) => (name ? `${action} ${name}` : action);
