/**
 * What a person reads when something failed that they cannot fix by changing their input (the
 * server could not be reached, or answered with an unexpected error). Shared by the server's error
 * mapping and the browser's handlers for a thrown request.
 */
export const GENERIC_ERROR = "Something went wrong. Please try again.";
