import AppStoreModels
import Foundation
import Logging

extension ReceiptVerificationClient {
    /// Posts the body to one environment's endpoint, retrying transport failures, 5xx and the
    /// retryable statuses; returns the last decoded answer and the number of attempts.
    func post(
        _ body: [UInt8],
        to environment: AppStoreEnvironment
    ) async throws(AppStoreAPIError) -> (VerifyReceiptResponse, Int) {
        let name = Self.endpointName
        let request = TransportRequest(
            method: "POST", url: configuration.url(for: environment),
            headers: [
                ("Content-Type", "application/json"), ("Accept", "application/json"),
                ("User-Agent", configuration.userAgent),
            ],
            body: body)
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled {
                throw AppStoreAPIError(.cancelled, "The calling task was cancelled.", endpoint: name, environment: environment)
            }
            let outcome = await sendOnce(request, environment: environment)
            let retryable: AppStoreAPIError
            switch outcome {
            case .success(let response):
                metrics.recordReceiptStatus(response.status, environment: environment)
                guard Self.shouldRetry(response), attempt < configuration.retry.maximumAttempts else {
                    return (response, attempt)
                }
                retryable = AppStoreAPIError(
                    .receiptServiceUnavailable, "verifyReceipt answered retryable status \(response.status.rawValue).",
                    endpoint: name, receiptStatus: response.status, environment: environment)
            case .failure(let error):
                guard error.isRetryable, attempt < configuration.retry.maximumAttempts else { throw error }
                retryable = error
            }
            let delay = configuration.retry.backoff(forRetry: attempt)
            metrics.recordRetry(endpoint: name)
            logger.warning(
                "verifyReceipt attempt failed; retrying",
                metadata: [
                    AppStoreAPILogKeys.environment: "\(environment.rawValue)",
                    AppStoreAPILogKeys.attempt: "\(attempt)",
                    AppStoreAPILogKeys.errorCode: "\(retryable.code.rawValue)",
                    AppStoreAPILogKeys.delayMilliseconds: "\(Int(delay.seconds * 1000))",
                ])
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw AppStoreAPIError(.cancelled, "Cancelled while waiting to retry.", endpoint: name, environment: environment)
            }
        }
    }

    /// Whether Apple asks to try the same receipt again: 21002, 21005, 21009, 21100–21199 —
    /// except a 211xx that Apple marks `is-retryable: false` ("an unresolvable issue").
    static func shouldRetry(_ response: VerifyReceiptResponse) -> Bool {
        if response.status.isInternalDataAccessError, response.isRetryable?.value == false { return false }
        return response.status.isRetryable
    }

    /// One HTTP exchange, decoded; records the attempt's metrics.
    private func sendOnce(
        _ request: TransportRequest,
        environment: AppStoreEnvironment
    ) async -> Result<VerifyReceiptResponse, AppStoreAPIError> {
        let name = Self.endpointName
        let started = ContinuousClock.now
        let outcome: Result<VerifyReceiptResponse, AppStoreAPIError>
        do throws(TransportFailure) {
            let response = try await transport.send(
                request, timeout: configuration.requestTimeout, maxResponseBytes: configuration.maximumResponseBytes)
            if (200..<300).contains(response.status) {
                do {
                    outcome = .success(try JSONCoding.decode(VerifyReceiptResponse.self, from: Data(response.body)))
                } catch {
                    outcome = .failure(
                        AppStoreAPIError(
                            .decoding, "The verifyReceipt response is not valid JSON of the documented shape: \(error).",
                            endpoint: name, httpStatus: response.status, environment: environment, underlying: error))
                }
            } else {
                let code: AppStoreAPIError.Code = (500...599).contains(response.status) ? .serverError : .unexpectedStatus
                outcome = .failure(
                    AppStoreAPIError(
                        code, "verifyReceipt answered HTTP \(response.status).", endpoint: name,
                        httpStatus: response.status, environment: environment))
            }
        } catch {
            let failure = AppStoreAPIError.fromTransport(error, endpoint: name)
            outcome = .failure(
                AppStoreAPIError(
                    failure.code, failure.reason, endpoint: name, httpStatus: failure.httpStatus, environment: environment))
        }
        let elapsed = ContinuousClock.now - started
        switch outcome {
        case .success:
            metrics.recordAttempt(endpoint: name, environment: environment, duration: elapsed, error: nil)
        case .failure(let error):
            metrics.recordAttempt(endpoint: name, environment: environment, duration: elapsed, error: error)
            logger.notice(
                "verifyReceipt attempt failed",
                metadata: [
                    AppStoreAPILogKeys.environment: "\(environment.rawValue)",
                    AppStoreAPILogKeys.errorCode: "\(error.code.rawValue)",
                ])
        }
        return outcome
    }
}
