//===- Scheduling.h - The language server's threads ---------------*- C++ -*-===//
//
// The server answers on one thread, the message thread, which reads the
// messages of the transport (llvm::lsp::JSONTransport) and writes
// everything the server sends: the transport is not thread-safe. Lints run
// off that thread on workers; a worker that finishes posts a message of the
// server's own into the transport's input (MessageQueue), and the message
// thread publishes the result. The client's messages are read from the
// input stream by a reader thread, so that posted messages do not wait for
// the client.
//
// In synchronous mode (lit tests), the message thread takes the client's
// next message only when every job scheduled so far has run and posted:
// the transcript is the same on every run.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_LSP_SCHEDULING_H
#define MEMLINT_TOOLS_LSP_SCHEDULING_H

#include "llvm/Support/LSP/Transport.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace memlint {

/// The input of the transport: the client's messages, read by a thread from
/// a stream, and the messages the server posts to itself, which come first.
class MessageQueue : public llvm::lsp::JSONTransportInput {
public:
  MessageQueue(std::FILE *input, llvm::lsp::JSONStreamStyle style,
               bool synchronous);
  ~MessageQueue() override;

  /// Starts reading the client's messages. Messages that are not JSON-RPC
  /// 2.0 objects are logged and dropped here (the transport would stop at
  /// the first one).
  void start();

  /// Posts a message of the server to the message thread.
  void post(llvm::json::Value message);
  /// A job started, or finished (after posting its messages): in
  /// synchronous mode, the client's next message waits for none to be
  /// running.
  void beginJob();
  void endJob();

  bool hasError() const final { return false; }
  bool isEndOfInput() const final;
  llvm::LogicalResult readDelimitedMessage(std::string &json) final {
    return next(json);
  }
  llvm::LogicalResult readStandardMessage(std::string &json) final {
    return next(json);
  }

private:
  llvm::LogicalResult next(std::string &json);

  /// Shared with the reader thread, which may outlive the queue (it blocks
  /// on the input until the process ends).
  struct State {
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::string> client, server;
    bool inputDone = false;
    unsigned jobs = 0;
  };
  std::shared_ptr<State> state;
  std::FILE *input;
  llvm::lsp::JSONStreamStyle style;
  bool synchronous;
};

/// A thread that runs jobs keyed by document: a job scheduled for a key
/// replaces the one waiting for it (only the newest version of a document
/// is linted) and waits out its delay (the debounce of typing).
class Worker {
public:
  using Clock = std::chrono::steady_clock;

  explicit Worker(MessageQueue &queue);
  ~Worker();

  void schedule(const std::string &key, std::function<void()> job,
                std::chrono::milliseconds delay);
  /// Drops the job waiting for `key`, if any.
  void cancel(const std::string &key);
  /// Runs no further job and waits for the running one.
  void stop();

private:
  void loop();

  struct Pending {
    Clock::time_point due;
    std::function<void()> job;
  };
  MessageQueue &queue;
  std::mutex mutex;
  std::condition_variable changed;
  std::map<std::string, Pending> pending;
  bool stopping = false;
  std::thread thread;
};

} // namespace memlint

#endif // MEMLINT_TOOLS_LSP_SCHEDULING_H
