/** The terms a testing authorization starts from while the firm has not saved its own (Settings). */
export const DEFAULT_AUTHORIZATION_TERMS = `1. The client authorises the firm's named testers to test the in-scope assets during the testing window, and only those assets in that window.
2. Out-of-scope items are not tested. A tester who finds that an asset is out of scope stops and tells the emergency contact.
3. Testing may cause load or errors. The firm stops at once when an emergency contact asks it to.
4. Findings and data seen during testing are confidential and kept only as long as the engagement needs them.
5. The person signing for the client confirms they are entitled to authorise testing of these assets, including assets run for the client by third parties.`;
